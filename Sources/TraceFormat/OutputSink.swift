import KeyTraceSupport

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

extension OutputSink {
    /// Moves the file's bytes `start..<end` by `distance` (either way) and truncates the file
    /// at their new end, where the next ``append(_:)`` writes.
    func move(_ start: Int, _ end: Int, by distance: Int) throws(TraceFormatError) {
        guard case .file(let fd, let path) = self, distance != 0 else { return }
        // The sink's descriptor is write-only: read through one of its own.
        let input = open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .cannotWrite(path: path, errno: errno) }
        defer { _ = systemClose(input) }
        let block = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: block, alignment: 16)
        defer { buffer.deallocate() }
        // Moving forward copies from the end backwards, so no byte is overwritten before it is read.
        var done = 0
        while done < end - start {
            let count = min(block, end - start - done)
            let from = distance > 0 ? end - done - count : start + done
            guard pread(input, buffer.baseAddress, count, off_t(from)) == count,
                  pwrite(fd, buffer.baseAddress, count, off_t(from + distance)) == count
            else { throw .cannotWrite(path: path, errno: errno == 0 ? EIO : errno) }
            done += count
        }
        let newEnd = off_t(end + distance)
        guard ftruncate(fd, newEnd) == 0, lseek(fd, newEnd, SEEK_SET) == newEnd else {
            throw .cannotWrite(path: path, errno: errno)
        }
    }
}

@inline(__always) private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
