import KeyTraceSupport

extension TraceFileHeader {
    /// Whether the file at `path` starts with the trace format's magic bytes (``magic``): a
    /// cheap test that tells a trace from another kind of input before reading it. `false` for
    /// a file that cannot be opened or is shorter than the magic.
    public static func isTraceFile(atPath path: String) -> Bool {
        firstBytes(of: path, count: magic.count) == magic
    }
}

/// The first `count` bytes of the file at `path`, fewer when it is shorter or cannot be read.
private func firstBytes(of path: String, count: Int) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { _ = close(descriptor) }
    var head = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let result = head.withUnsafeMutableBytes { buffer in
            read(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled)
        }
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else { break }
        filled += result
    }
    return Array(head[..<filled])
}
