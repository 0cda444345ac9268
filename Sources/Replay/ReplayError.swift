import Scenes
import TraceFormat

/// Why a replay could not run.
public struct ReplayError: Error, CustomStringConvertible {
    private enum Kind {
        case trace(String, TraceFormatError)
        case sceneNotFound(String, [String])
        case noScene(String)
        case sceneMismatch(String)
        case output(String, TraceFormatError)
        case focusTargetMissing(String, [String])
    }
    private let kind: Kind

    static func trace(_ path: String, _ error: TraceFormatError) -> ReplayError { .init(kind: .trace(path, error)) }
    static func sceneNotFound(name: String, known: [String]) -> ReplayError { .init(kind: .sceneNotFound(name, known)) }
    static func noScene(_ path: String) -> ReplayError { .init(kind: .noScene(path)) }
    static func sceneMismatch(_ message: String) -> ReplayError { .init(kind: .sceneMismatch(message)) }
    static func output(_ path: String, _ error: TraceFormatError) -> ReplayError { .init(kind: .output(path, error)) }
    static func focusTargetMissing(_ path: String, known: [String]) -> ReplayError { .init(kind: .focusTargetMissing(path, known)) }

    /// Whether the replay's check failed (exit 1) rather than its input being unusable (exit 2).
    public var isCheckFailure: Bool {
        if case .sceneMismatch = kind { return true }
        return false
    }

    public var description: String {
        switch kind {
        case .trace(_, let error): return error.description
        case .sceneNotFound(let name, let known):
            return "the trace names scene '\(name)', which was not found in \(SceneLocator.searchedPlaces) or beside "
                + "the trace (known: \(known.isEmpty ? "none" : known.joined(separator: ", "))); pass --scene FILE"
        case .noScene(let path):
            return "\(path) was recorded without a scene; pass --scene FILE to replay it through one"
        case .sceneMismatch(let message):
            return message + "; replay without --verify to see the differences, or re-record the trace"
        case .output(let path, let error): return "cannot write \(path): \(error.description)"
        case .focusTargetMissing(let path, let known):
            return "the trace moves focus to `\(path)`, which this scene does not have (known: "
                + known.prefix(10).joined(separator: ", ") + "); is it the right scene?"
        }
    }
}
