import Synchronization

/// Reads a whole input that is not a regular file, saying what it waits for.
///
/// A FIFO (named pipe) is read to its end. While no writer has opened it, the reader does not
/// block silently: after a short wait it tells ``waitNotice`` what it is waiting for (the CLI
/// prints that on standard error), then goes on waiting. Directories and devices are refused
/// with an error that says what the path is.
package enum InputBytes {
    /// Receives "waiting for …" messages; `nil` (the default) keeps them silent. A program sets
    /// it once at start-up.
    package static let waitNotice = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// The file an input argument names: `-` is standard input (`/dev/stdin`), anything else
    /// names itself.
    package static func path(_ argument: String) -> String {
        argument == "-" ? "/dev/stdin" : argument
    }

    /// How long a FIFO stays silent before ``waitNotice`` hears about it.
    static let noticeDelayMilliseconds: Int32 = 200

    /// The bytes of the FIFO at `path`, read to its end; `what` names the expected content in
    /// the notice ("a trace", "a scene").
    package static func readFIFO(_ path: String, expecting what: String) throws(InputFileError) -> [UInt8] {
        var bytes: [UInt8] = []
        try readFIFOBlocks(path, expecting: what) { block in
            bytes.append(contentsOf: block)
            return true
        }
        return bytes
    }

    /// Hands the bytes of the FIFO at `path` to `body` block by block, as they arrive, until
    /// the writer closes it or `body` returns `false`; `what` names the expected content in the
    /// notice. The path `-` is standard input.
    package static func readFIFOBlocks(_ path: String, expecting what: String,
                                      _ body: (ArraySlice<UInt8>) -> Bool) throws(InputFileError) {
        let path = Self.path(path)
        // Opened without blocking, so that no writer yet is a state to report, not a hang.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw InputFileError(path: path, problem: .cannotOpen(errno: errno)) }
        defer { close(fd) }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var ready = poll(&poller, 1, noticeDelayMilliseconds)
        if ready == 0 {
            let notice = waitNotice.withLock { $0 }
            notice?("waiting for a writer on '\(path)' (a FIFO): write \(what) into it, or press Ctrl-C")
            repeat { ready = poll(&poller, 1, -1) } while ready < 0 && errno == EINTR
        }
        // Blocking reads from here: the writer is there (or has been and gone).
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        try readBlocks(fd, path: path, body)
    }

    /// The bytes of the input at `path`: a regular file or a FIFO (see ``readFIFO(_:expecting:)``);
    /// anything else is an ``InputFileError`` naming what it is.
    package static func read(_ path: String, expecting what: String) throws(InputFileError) -> [UInt8] {
        switch FileKind(path: path) {
        case .fifo:
            return try readFIFO(path, expecting: what)
        case .regular, .absent:
            break
        case let kind:
            throw InputFileError(path: path, problem: .notAFile(kind: kind, expected: what))
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw InputFileError(path: path, problem: .cannotOpen(errno: errno)) }
        defer { close(fd) }
        return try readToEnd(fd, path: path)
    }

    /// Every byte `fd` gives until its end, in 64 KiB reads; interrupted and would-block reads
    /// are retried.
    private static func readToEnd(_ fd: Int32, path: String) throws(InputFileError) -> [UInt8] {
        var bytes: [UInt8] = []
        try readBlocks(fd, path: path) { block in
            bytes.append(contentsOf: block)
            return true
        }
        return bytes
    }

    /// Hands what each read of `fd` returns (up to 64 KiB) to `body` until the end or until
    /// `body` returns `false`; interrupted and would-block reads are retried.
    private static func readBlocks(_ fd: Int32, path: String, _ body: (ArraySlice<UInt8>) -> Bool) throws(InputFileError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                guard body(buffer[0..<n]) else { return }
            } else if n == 0 {
                return
            } else if errno != EINTR && errno != EAGAIN {
                throw InputFileError(path: path, problem: .cannotRead(errno: errno))
            }
        }
    }
}

@inline(__always) private func systemRead(_ fd: Int32, _ base: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, base, count) }
