/// A text output written in 64 KiB blocks through ``OutputFile`` (in place: a file is created
/// or truncated, a device or FIFO written as it is), every write and the close checked.
package final class TextFile {
    private var stream: OutputFile.Stream
    private var buffer: [UInt8] = []

    /// Opens `path` for writing (created or truncated; a device or FIFO is written as it is).
    package init(path: String) throws {
        stream = try OutputFile(path).open()
        buffer.reserveCapacity(1 << 16 + 1024)
    }

    /// Writes `s` and a newline.
    package func line(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        buffer.append(0x0A)
        try flushIfFull()
    }

    /// Writes `s` as is (no newline added).
    package func text(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        try flushIfFull()
    }

    /// Writes `bytes` as they are.
    package func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        try flushIfFull()
    }

    /// Appends what `build` adds to the buffer: lines built as bytes go straight into the block
    /// that is written next, without an array of their own.
    package func append(_ build: (inout [UInt8]) -> Void) throws {
        build(&buffer)
        try flushIfFull()
    }

    private func flushIfFull() throws {
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        try stream.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and closes the file; every error is thrown.
    package func close() throws {
        try flush()
        try stream.close()
    }
}
