
/// An output a command writes: standard output (`-`), or a file path, checked at every write
/// and at the final close.
///
/// What a path names decides how it is written, so that nothing is replaced that should not be:
///
/// - a regular file, or a path that does not exist yet: ``replace(with:)`` writes a temporary
///   file beside it and renames it over the path, so readers see the old contents or the new,
///   never half; a symbolic link is followed and its target replaced, the link kept.
/// - a character or block device, a FIFO or a socket (`/dev/stdout`, `/dev/null`, a pipe):
///   opened and written in place; never created, truncated by rename, or replaced.
/// - a directory: an error that says so.
///
/// ```swift
/// try OutputFile("report.json").replace(with: Array(json.utf8))
/// var out = try OutputFile("-").open()
/// try out.write(bytes); try out.close()
/// ```
package struct OutputFile: Sendable, Hashable, CustomStringConvertible {
    /// The path as given; `-` is standard output.
    package let path: String

    /// The output at `path` (`-` for standard output).
    package init(_ path: String) { self.path = path }

    /// Standard output.
    package static let standardOutput = OutputFile("-")

    /// `standard output`, or the path.
    package var description: String { path == "-" ? "standard output" : path }

    /// What the path names now (following symbolic links).
    package var kind: FileKind {
        if path == "-" { return .standardOutput }
        var info = stat()
        guard stat(path, &info) == 0 else { return .absent }
        return FileKind(mode: info.st_mode)
    }

    /// Writes `bytes` as the whole new contents: atomically (temporary file and rename) for a
    /// regular file or a new path, in place for standard output, a device, a FIFO or a socket.
    package func replace(with bytes: [UInt8]) throws(OutputFileError) {
        switch kind {
        case .directory:
            throw OutputFileError(path: path, problem: .isDirectory)
        case .regular, .absent:
            try replaceAtomically(with: bytes)
        default:
            var stream = try open()
            do throws(OutputFileError) {
                try stream.write(bytes)
            } catch {
                stream.abandon()
                throw error
            }
            try stream.close()
        }
    }

    /// Opens the output for writing in order, in place: standard output as it is; a file
    /// created or truncated; a device or FIFO opened as it is. Every write and the close are
    /// checked by the returned stream.
    package func open() throws(OutputFileError) -> Stream {
        if path == "-" { return Stream(descriptor: STDOUT_FILENO, output: self, owned: false) }
        if kind == .directory { throw OutputFileError(path: path, problem: .isDirectory) }
        let fd = systemOpen(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputFileError(path: path, problem: .cannotOpen(errno: errno)) }
        return Stream(descriptor: fd, output: self, owned: true)
    }

    private func replaceAtomically(with bytes: [UInt8]) throws(OutputFileError) {
        // A symbolic link is kept: its target is what gets replaced.
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        let directory = PathText.deletingLastComponent(of: target)
        let name = PathText.lastComponent(of: target)
        var template = Array(PathText.appending("." + name + ".XXXXXX", to: directory.isEmpty ? "." : directory).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw OutputFileError(path: path, problem: .cannotOpen(errno: errno)) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var existing = stat()
        let mode = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : Self.newFileMode
        var stream = Stream(descriptor: fd, output: self, owned: true)
        do throws(OutputFileError) {
            try stream.write(bytes)
            guard fchmod(fd, mode) == 0 else { throw OutputFileError(path: path, problem: .cannotWrite(errno: errno)) }
            guard fsync(fd) == 0 else { throw OutputFileError(path: path, problem: .cannotWrite(errno: errno)) }
            try stream.close()
        } catch {
            stream.abandon()
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw OutputFileError(path: path, problem: .cannotWrite(errno: code))
        }
    }

    /// 0644 less the process's umask, as `open(…, 0644)` would create.
    private static var newFileMode: mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o644 & ~mask
    }

    /// Bytes written in order to an open output; every write and the close are checked.
    package struct Stream: ~Copyable {
        private let descriptor: Int32
        private let output: OutputFile
        private let owned: Bool
        private var closed = false

        init(descriptor: Int32, output: OutputFile, owned: Bool) {
            self.descriptor = descriptor
            self.output = output
            self.owned = owned
        }

        /// Writes all of `bytes`, retrying short writes and interruptions.
        package mutating func write(_ bytes: [UInt8]) throws(OutputFileError) {
            let result: Result<Void, OutputFileError> = bytes.withUnsafeBytes { raw in
                do throws(OutputFileError) { return .success(try write(raw)) } catch { return .failure(error) }
            }
            try result.get()
        }

        /// Writes all of `bytes`, retrying short writes and interruptions.
        package mutating func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
            guard var base = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let n = systemWrite(descriptor, base, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw OutputFileError(path: output.path, problem: .cannotWrite(errno: errno))
                }
                base += n
                left -= n
            }
        }

        /// Writes the UTF-8 of `text`.
        package mutating func write(_ text: String) throws(OutputFileError) {
            var text = text
            let result: Result<Void, OutputFileError> = text.withUTF8 { raw in
                do throws(OutputFileError) { return .success(try write(UnsafeRawBufferPointer(raw))) } catch { return .failure(error) }
            }
            try result.get()
        }

        /// Closes the output (standard output stays open), reporting a failed close: on some
        /// file systems that is where a full disk shows.
        package mutating func close() throws(OutputFileError) {
            guard !closed else { return }
            closed = true
            guard owned else { return }
            guard systemClose(descriptor) == 0 else {
                throw OutputFileError(path: output.path, problem: .cannotWrite(errno: errno))
            }
        }

        /// Closes without reporting (after an error already reported).
        mutating func abandon() {
            guard !closed else { return }
            closed = true
            if owned { _ = systemClose(descriptor) }
        }

        deinit {
            if !closed && owned { _ = systemClose(descriptor) }
        }
    }
}

@inline(__always) private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
@inline(__always) private func systemWrite(_ fd: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int { write(fd, base, count) }
@inline(__always) private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
