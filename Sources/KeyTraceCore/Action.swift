/// An action, named the way an Objective-C selector is (`"selectAll:"`, `"playPause"`).
///
/// Actions are plain names so they can be stored in traces and compared across runs.
public struct Action: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The selector-like name.
    public let name: String
    // A 64-bit FNV-1a fingerprint of the name, computed once: hashing and comparing actions is
    // on the dispatch path (target search, validation, perform).
    /// A 64-bit FNV-1a hash of ``name``: equal actions have equal fingerprints.
    public let fingerprint: UInt64

    /// Wraps a selector-like name.
    public init(_ name: String) {
        self.name = name
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        self.fingerprint = hash
    }

    public init(stringLiteral value: String) { self.init(value) }

    @inlinable
    public static func == (lhs: Action, rhs: Action) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }

    public var description: String { name }

    public static func < (lhs: Action, rhs: Action) -> Bool { lhs.name < rhs.name }
}

extension Action {
    // UIResponderStandardEditActions (R21).
    public static let copy: Action = "copy:"
    public static let cut: Action = "cut:"
    public static let paste: Action = "paste:"
    public static let pasteAndMatchStyle: Action = "pasteAndMatchStyle:"
    public static let delete: Action = "delete:"
    public static let select: Action = "select:"
    public static let selectAll: Action = "selectAll:"
    public static let toggleBoldface: Action = "toggleBoldface:"
    public static let toggleItalics: Action = "toggleItalics:"
    public static let toggleUnderline: Action = "toggleUnderline:"
    public static let increaseSize: Action = "increaseSize:"
    public static let decreaseSize: Action = "decreaseSize:"
    public static let find: Action = "find:"
    public static let findAndReplace: Action = "findAndReplace:"
    public static let findNext: Action = "findNext:"
    public static let findPrevious: Action = "findPrevious:"
    public static let useSelectionForFind: Action = "useSelectionForFind:"
    public static let duplicate: Action = "duplicate:"
    public static let rename: Action = "rename:"
    public static let move: Action = "move:"
    public static let export: Action = "export:"
    public static let undo: Action = "undo:"
    public static let redo: Action = "redo:"
    public static let open: Action = "open:"
    public static let toggleSidebar: Action = "toggleSidebar:"
    public static let showHelp: Action = "showHelp:"
    public static let print: Action = "print:"
    public static let close: Action = "close:"
}
