import KeyTraceSupport

/// A state or responder a person named that the scene does not have, or has more than one of:
/// a bad value of an option rather than a bad scene.
public struct SceneLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case unknownState(name: String, known: [String])
        case ambiguousResponder(name: String, state: String, paths: [String])
        case unknownResponderName(name: String, state: String, closest: [String], hidden: [HiddenMatch])
    }

    /// A node of the name in a declared controller the state does not show, and the states
    /// whose steps show that controller.
    struct HiddenMatch: Hashable, Sendable {
        var controller: String
        var states: [String]
    }

    private let kind: Kind
    /// The scene file (or a name for scenes read from memory).
    public let file: String

    private init(_ kind: Kind, file: String) {
        self.kind = kind
        self.file = file
    }

    static func unknownState(_ file: String, _ name: String, known: [String]) -> SceneLookupError {
        .init(.unknownState(name: name, known: known), file: file)
    }
    static func ambiguousResponder(_ file: String, _ name: String, state: String, paths: [String]) -> SceneLookupError {
        .init(.ambiguousResponder(name: name, state: state, paths: paths), file: file)
    }
    static func unknownResponderName(_ file: String, _ name: String, state: String, closest: [String],
                                     hidden: [HiddenMatch]) -> SceneLookupError {
        .init(.unknownResponderName(name: name, state: state, closest: closest, hidden: hidden), file: file)
    }

    /// The kind of problem. New kinds may be added.
    public typealias Code = ErrorCode<SceneLookupError>

    /// The kind of problem.
    public var code: Code {
        switch kind {
        case .unknownState: return .unknownState
        case .ambiguousResponder: return .ambiguousResponder
        case .unknownResponderName: return .unknownResponderName
        }
    }

    public var description: String {
        switch kind {
        case .unknownState(let name, let known):
            return "\(file): no state named \"\(name)\"; the scene's states: \(known.joined(separator: ", "))"
        case .ambiguousResponder(let name, let state, let paths):
            return "\(file): \(paths.count) responders are named \"\(name)\" in state \"\(state)\": "
                + "\(paths.joined(separator: ", ")); give the path of one"
        case .unknownResponderName(let name, let state, let closest, let hidden):
            var text = "\(file): no responder has the path or name \"\(name)\" in state \"\(state)\""
            for match in hidden {
                let states = match.states.isEmpty ? "no state shows it" : "shown in state \(match.states.joined(separator: ", "))"
                text += "; one is in the controller \"\(match.controller)\" (\(states))"
            }
            if hidden.isEmpty {
                text += closest.isEmpty ? "; no name is close (give a responder's path, window/…; keytrace scene states \(file) "
                    + "lists each state's controllers and first responder)"
                    : "; closest names: \(closest.joined(separator: ", "))"
            }
            return text
        }
    }
}

/// The kinds of ``SceneLookupError``.
extension ErrorCode where Domain == SceneLookupError {
    /// The scene has no state of the name.
    public static let unknownState = Self("unknown-state")
    /// Several responders of the state have the name.
    public static let ambiguousResponder = Self("ambiguous-responder")
    /// No responder of the state has the path or name.
    public static let unknownResponderName = Self("unknown-responder-name")
}
