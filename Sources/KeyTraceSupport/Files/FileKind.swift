
/// What a path names, as an output or input sees it.
package enum FileKind: Sendable, Hashable, CustomStringConvertible {
    /// Nothing exists at the path.
    case absent
    /// A regular file.
    case regular
    /// A directory.
    case directory
    /// A character device (`/dev/null`, a terminal, an evdev node).
    case characterDevice
    /// A block device.
    case blockDevice
    /// A FIFO (named pipe).
    case fifo
    /// A socket.
    case socket
    /// Any other kind of file.
    case other
    /// Standard output (the path `-`).
    case standardOutput

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// What `path` names now (following symbolic links).
    package init(path: String) {
        var info = stat()
        self = stat(path, &info) == 0 ? FileKind(mode: info.st_mode) : .absent
    }

    /// `a directory`, `a character device`, … for messages.
    package var description: String {
        switch self {
        case .absent: return "missing"
        case .regular: return "a regular file"
        case .directory: return "a directory"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .fifo: return "a FIFO (named pipe)"
        case .socket: return "a socket"
        case .other: return "not a regular file"
        case .standardOutput: return "standard output"
        }
    }
}
