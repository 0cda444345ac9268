/// Why a capture source could not open or read its input. Its ``description`` says what
/// happened and what to do about it.
///
/// Compare ``code`` against the static members to react to a kind of failure:
///
/// ```swift
/// do { _ = try USBCaptureSource(file: path) }
/// catch where error.code == .unsupportedLinkType { … }
/// ```
public struct CaptureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New kinds may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case fileNotFound = "file-not-found"
            case permissionDenied = "permission-denied"
            case emptyFile = "empty-file"
            case notACapture = "not-a-capture"
            case unsupportedLinkType = "unsupported-link-type"
            case truncated
            case readFailed = "read-failed"
            case noKeyboard = "no-keyboard"
            case usbmonNotLoaded = "usbmon-not-loaded"
            case interfaceNotFound = "interface-not-found"
            case notUSBMonInterface = "not-usbmon-interface"
            case captureFailed = "capture-failed"
            case syntax
            case terminalFailed = "terminal-failed"
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The input path does not exist.
        public static let fileNotFound = Code(.fileNotFound)
        /// The input, device node or interface may not be read by this user.
        public static let permissionDenied = Code(.permissionDenied)
        /// The input file has no bytes.
        public static let emptyFile = Code(.emptyFile)
        /// The file is not a pcap or pcapng capture.
        public static let notACapture = Code(.notACapture)
        /// The capture holds packets of a link type other than 189, 220 or 249.
        public static let unsupportedLinkType = Code(.unsupportedLinkType)
        /// The input ends in the middle of a packet or record.
        public static let truncated = Code(.truncated)
        /// Reading failed for another reason (I/O error, libpcap error).
        public static let readFailed = Code(.readFailed)
        /// The whole input held no keyboard.
        public static let noKeyboard = Code(.noKeyboard)
        /// Live capture: the usbmon kernel module is not loaded.
        public static let usbmonNotLoaded = Code(.usbmonNotLoaded)
        /// Live capture: no such usbmon interface (usbmon is loaded).
        public static let interfaceNotFound = Code(.interfaceNotFound)
        /// Live capture: the interface name is not `usbmonN`.
        public static let notUSBMonInterface = Code(.notUSBMonInterface)
        /// Live capture could not start for another reason.
        public static let captureFailed = Code(.captureFailed)
        /// A script, evemu recording or other text input has a line that cannot be read.
        public static let syntax = Code(.syntax)
        /// The terminal could not be switched to raw mode or read.
        public static let terminalFailed = Code(.terminalFailed)

        /// A stable hyphenated name, e.g. `unsupported-link-type`.
        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// What happened and what to do, one or two sentences.
    public let message: String
    /// The input concerned (a path or interface name), when there is one.
    public let input: String?
    /// The 1-based line of a text input at fault.
    public let line: Int?
    /// The 1-based column (in characters) of a text input at fault.
    public let column: Int?
    /// The byte offset of a binary input at fault.
    public let byteOffset: Int?

    init(_ code: Code, _ message: String, input: String? = nil, line: Int? = nil, column: Int? = nil,
         byteOffset: Int? = nil) {
        self.code = code
        self.message = message
        self.input = input
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// `FILE:LINE:COLUMN: message` for text inputs, `FILE: message` otherwise.
    public var description: String {
        var location = input ?? ""
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return location.isEmpty ? message : location + ": " + message
    }
}
