import KeyTraceCore
import KeyTraceSupport

/// A file or device node opened for reading, closed on deinit.
final class InputFile {
    enum ReadOutcome: Equatable {
        case bytes(Int)
        case timeout
        case end
        case failure(errno: Int32)
    }

    let path: String
    let isCharacterDevice: Bool
    private let descriptor: Int32

    /// Opens `path`; `evdev` selects the input-device wording for permission errors.
    init(path: String, evdev: Bool = false) throws(CaptureError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw CaptureError.cannotOpen(path, errno: errno, evdev: evdev) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            close(fd)
            throw CaptureError.cannotOpen(path, errno: EISDIR)
        }
        self.path = path
        descriptor = fd
        isCharacterDevice = info.st_mode & S_IFMT == S_IFCHR
    }

    deinit { close(descriptor) }

    /// Reads up to `buffer.count - start` bytes into `buffer[start...]`. With `timeoutMs`, waits
    /// at most that long for input (device nodes), returning ``ReadOutcome/timeout``.
    func read(into buffer: inout [UInt8], at start: Int, timeoutMs: Int32? = nil) -> ReadOutcome {
        if let timeoutMs {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, timeoutMs)
            if ready == 0 { return .timeout }
            if ready < 0 { return errno == EINTR ? .timeout : .failure(errno: errno) }
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress.map { $0 + start }, raw.count - start)
            }
            if count > 0 { return .bytes(count) }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            return .failure(errno: errno)
        }
    }

    /// An evdev node's name as sysfs lists it (`/sys/class/input/eventN/device/name`).
    func evdevName() -> String? {
        let node = PathText.lastComponent(of: path)
        guard isCharacterDevice, !node.isEmpty,
              let file = try? InputFile(path: "/sys/class/input/\(node)/device/name"),
              let line = try? LineReader(file).nextLine(), !line.isEmpty
        else { return nil }
        return line
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    SystemCalls.read(fd, buffer, count)
}

/// Reads a text file a line at a time, without holding the whole file.
final class LineReader {
    private let file: InputFile
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// The 1-based number of the line last returned.
    private(set) var lineNumber = 0

    init(_ file: InputFile) { self.file = file }

    /// The next line without its terminator (`\n` or `\r\n`), or `nil` at the end.
    func nextLine() throws(CaptureError) -> String? {
        while true {
            if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
                var lineEnd = newline
                if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = String(decoding: buffer[start..<lineEnd], as: UTF8.self)
                start = newline + 1
                lineNumber += 1
                return line
            }
            if atEnd {
                guard start < end else { return nil }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end
                lineNumber += 1
                return line
            }
            if start > 0 {
                buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
                end -= start
                start = 0
            }
            if end == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            switch file.read(into: &buffer, at: end) {
            case .bytes(let count): end += count
            case .end, .timeout: atEnd = true
            case .failure(let code):
                throw CaptureError(.readFailed, "reading failed: \(SystemErrorText.describe(code))",
                                   input: file.path, line: lineNumber + 1)
            }
        }
    }
}
