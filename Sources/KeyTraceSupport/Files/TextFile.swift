/// A text output written in 64 KiB blocks through ``OutputFile`` (in place: a file is created
/// or truncated, a device or FIFO written as it is; `-` is standard output), every write and
/// the close checked. Every text the commands print or export goes through one.
package final class TextFile {
    private var stream: OutputFile.Stream
    @usableFromInline var buffer: [UInt8] = []

    /// Opens `path` for writing (created or truncated; a device or FIFO is written as it is;
    /// `-` is standard output).
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

    /// Writes the line `build` appends as bytes, and a newline: a line built without a string.
    @inlinable
    package func line(_ build: (inout [UInt8]) -> Void) throws {
        build(&buffer)
        buffer.append(0x0A)
        try flushIfFull()
    }

    /// Writes `s` as is (no newline added).
    package func text(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        try flushIfFull()
    }

    /// Appends what `build` adds to the buffer: lines built as bytes go straight into the block
    /// that is written next, without an array of their own.
    @inlinable
    package func append(_ build: (inout [UInt8]) -> Void) throws {
        build(&buffer)
        try flushIfFull()
    }

    @usableFromInline
    func flushIfFull() throws {
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes what is buffered now: a reader of a pipe sees every line written so far.
    package func flush() throws {
        try stream.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and closes the file; every error is thrown.
    package func close() throws {
        try flush()
        try stream.close()
    }
}
