#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a writer's bytes go: an in-memory array or a file descriptor.
enum OutputSink {
    case memory
    case file(descriptor: Int32, path: String)

    init(creating path: String) throws(TraceFormatError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, errno: errno) }
        self = .file(descriptor: fd, path: path)
    }

    func close() {
        if case .file(let fd, _) = self { _ = systemClose(fd) }
    }

    /// Appends all of `bytes` to the file.
    func append(_ bytes: UnsafeRawBufferPointer) throws(TraceFormatError) {
        guard case .file(let fd, let path) = self, var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = write(fd, base, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: path, errno: errno)
            }
            base += n
            left -= n
        }
    }

    /// Writes `bytes` at `offset` (a chunk header being sealed) in one call.
    func patch(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(TraceFormatError) {
        guard case .file(let fd, let path) = self else { return }
        let n = pwrite(fd, bytes.baseAddress, bytes.count, off_t(offset))
        if n != bytes.count { throw .cannotWrite(path: path, errno: n < 0 ? errno : EIO) }
    }
}

@inline(__always) private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
