import KeyTraceCore
import KeyTraceSupport

/// A scene file that cannot be used, with where and what.
///
/// Errors name the file, the line and column when the scene's text is known, the JSON path
/// (`windows[0].root.children[1].commands[2].shortcut`) and what was expected, e.g.
/// `scene.json:12:9: windows[0].root.next: responder `window/tabs/x` not found; known: …`.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case unreadable(reason: String)
        case syntax(line: Int, column: Int, reason: String)
        case invalid(path: String, expected: String)
        case unknownField(path: String, field: String, known: [String])
        case unknownResponder(path: String, responder: String, known: [String])
        case duplicateName(path: String, name: String)
        case menuConflict(String)
        case cycle([String])
        case stateNotEntered(path: String, state: String, reason: String)
    }

    private let kind: Kind
    /// The scene file (or a name for scenes read from memory).
    public let file: String
    /// The 1-based line and column of the value at ``path`` (or of the nearest enclosing value
    /// the file has), when the error was located in the scene's text.
    public private(set) var location: (line: Int, column: Int)? {
        get { locationLine.map { ($0, locationColumn) } }
        set {
            locationLine = newValue?.line
            locationColumn = newValue?.column ?? 0
        }
    }
    private var locationLine: Int?
    private var locationColumn = 0

    private init(_ kind: Kind, file: String) {
        self.kind = kind
        self.file = file
    }

    /// The JSON path the error is about, if it is about one value.
    public var path: String? {
        switch kind {
        case .invalid(let path, _), .unknownResponder(let path, _, _), .duplicateName(let path, _),
             .stateNotEntered(let path, _, _): return path
        case .unknownField(let path, let field, _): return path.isEmpty ? field : "\(path).\(field)"
        case .unreadable, .syntax, .menuConflict, .cycle: return nil
        }
    }

    /// This error with the line and column of its ``path`` in `text`, the scene's JSON.
    package func located(in text: String) -> SceneError {
        guard let path, locationLine == nil else { return self }
        var copy = self
        copy.location = JSONParser.location(of: path, in: text)
        return copy
    }

    /// `file:line:col: ` when located, else `file: `.
    private var prefix: String {
        guard let locationLine else { return "\(file): " }
        return "\(file):\(locationLine):\(locationColumn): "
    }

    package static func unreadable(_ file: String, _ reason: String) -> SceneError { .init(.unreadable(reason: reason), file: file) }
    package static func syntax(_ file: String, _ error: JSONSyntaxError) -> SceneError {
        .init(.syntax(line: error.line, column: error.column, reason: error.reason), file: file)
    }
    package static func invalid(_ file: String, _ path: String, expected: String) -> SceneError {
        .init(.invalid(path: path, expected: expected), file: file)
    }
    package static func unknownField(_ file: String, _ path: String, _ field: String, known: [String]) -> SceneError {
        .init(.unknownField(path: path, field: field, known: known), file: file)
    }
    static func unknownResponder(_ file: String, _ path: String, _ responder: String, known: [String]) -> SceneError {
        .init(.unknownResponder(path: path, responder: responder, known: known), file: file)
    }
    static func duplicateName(_ file: String, _ path: String, _ name: String) -> SceneError {
        .init(.duplicateName(path: path, name: name), file: file)
    }
    static func menuConflict(_ file: String, _ message: String) -> SceneError { .init(.menuConflict(message), file: file) }
    static func cycle(_ file: String, _ paths: [String]) -> SceneError { .init(.cycle(paths), file: file) }
    static func stateNotEntered(_ file: String, _ path: String, state: String, _ reason: String) -> SceneError {
        .init(.stateNotEntered(path: path, state: state, reason: reason), file: file)
    }

    /// The kind of problem. New kinds may be added.
    public typealias Code = ErrorCode<SceneError>

    /// The kind of problem.
    public var code: Code {
        switch kind {
        case .unreadable: return .unreadable
        case .syntax: return .syntax
        case .invalid: return .invalid
        case .unknownField: return .unknownField
        case .unknownResponder: return .unknownResponder
        case .duplicateName: return .duplicateName
        case .menuConflict: return .menuConflict
        case .cycle: return .cycle
        case .stateNotEntered: return .stateNotEntered
        }
    }

    public var description: String {
        switch kind {
        case .unreadable(let reason):
            return "\(file): cannot read the scene: \(reason)"
        case .syntax(let line, let column, let reason):
            return "\(file):\(line):\(column): not valid JSON: \(reason)"
        case .invalid(let path, let expected):
            return "\(prefix)\(path): expected \(expected)"
        case .unknownField(let path, let field, let known):
            return "\(prefix)\(path): unknown field \"\(field)\"; known fields here: \(known.joined(separator: ", "))"
        case .unknownResponder(let path, let responder, let known):
            let list = known.count > 12 ? known.prefix(12).joined(separator: ", ") + ", …" : known.joined(separator: ", ")
            return "\(prefix)\(path): responder `\(responder)` not found; known: \(list)"
        case .duplicateName(let path, let name):
            return "\(prefix)\(path): the name \"\(name)\" is used twice under one parent; paths must be unique"
        case .menuConflict(let message):
            return "\(file): menu: \(message)"
        case .cycle(let paths):
            return "\(file): responder chain cycle: \(paths.joined(separator: " → ")); make one `next` point elsewhere"
        case .stateNotEntered(let path, let state, let reason):
            return "\(prefix)\(path): cannot enter state \"\(state)\": \(reason)"
        }
    }
}

/// The kinds of ``SceneError``.
extension ErrorCode where Domain == SceneError {
    /// The file could not be read.
    public static let unreadable = Self("unreadable")
    /// The file is not valid JSON.
    public static let syntax = Self("syntax")
    /// A value has the wrong type or is out of range.
    public static let invalid = Self("invalid")
    /// An object has a field the scene format does not define.
    public static let unknownField = Self("unknown-field")
    /// A responder path names no responder of the scene.
    public static let unknownResponder = Self("unknown-responder")
    /// Two children of one parent have the same name.
    public static let duplicateName = Self("duplicate-name")
    /// Two main-menu commands conflict (the same shortcut, or a menu built twice).
    public static let menuConflict = Self("menu-conflict")
    /// The responder chain loops back on itself.
    public static let cycle = Self("cycle")
    /// A state's step cannot apply when the state is entered (a `push` with no navigation
    /// controller on its responder chain, a `focus` on a responder that cannot become first
    /// responder).
    public static let stateNotEntered = Self("state-not-entered")
}
