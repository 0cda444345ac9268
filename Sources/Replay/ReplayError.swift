import KeyTraceCore
import KeyTraceSupport
import Scenes
import TraceFormat

/// Why a replay could not run. Its ``description`` says what is wrong; compare ``code``
/// against the static members to react to a kind of failure:
///
/// ```swift
/// do { _ = try Replayer(trace: path, options: options).run() }
/// catch let error as ReplayError where error.code == .sceneNotFound { … }
/// ```
public struct ReplayError: Error, CustomStringConvertible {
    private enum Kind {
        case trace(String, TraceFormatError)
        case sceneNotFound(String, [String])
        case noScene(String)
        case sceneMismatch(String)
        case output(String, TraceFormatError)
        case focusTargetMissing(String, [String])
        case goldenDirectory(String, String)
        case unknownScene(String, [String])
        case stateNotFound(SceneLookupError)
    }
    private let kind: Kind

    static func trace(_ path: String, _ error: TraceFormatError) -> ReplayError { .init(kind: .trace(path, error)) }
    static func sceneNotFound(name: String, known: [String]) -> ReplayError { .init(kind: .sceneNotFound(name, known)) }
    static func noScene(_ path: String) -> ReplayError { .init(kind: .noScene(path)) }
    static func sceneMismatch(_ message: String) -> ReplayError { .init(kind: .sceneMismatch(message)) }
    static func output(_ path: String, _ error: TraceFormatError) -> ReplayError { .init(kind: .output(path, error)) }
    static func focusTargetMissing(_ path: String, known: [String]) -> ReplayError { .init(kind: .focusTargetMissing(path, known)) }
    static func goldenDirectory(_ path: String, _ problem: String) -> ReplayError { .init(kind: .goldenDirectory(path, problem)) }
    static func unknownScene(_ name: String, known: [String]) -> ReplayError { .init(kind: .unknownScene(name, known)) }
    static func stateNotFound(_ error: SceneLookupError) -> ReplayError { .init(kind: .stateNotFound(error)) }

    /// The kind of failure. New kinds may be added.
    public typealias Code = ErrorCode<ReplayError>

    /// The kind of failure.
    public var code: Code {
        switch kind {
        case .trace: return .trace
        case .sceneNotFound: return .sceneNotFound
        case .noScene: return .noScene
        case .sceneMismatch: return .sceneMismatch
        case .output: return .output
        case .focusTargetMissing: return .focusTargetMissing
        case .goldenDirectory: return .goldenDirectory
        case .unknownScene: return .unknownScene
        case .stateNotFound: return .stateNotFound
        }
    }

    /// The trace reader's or writer's error behind a ``Code/trace`` or ``Code/output`` failure.
    public var traceError: TraceFormatError? {
        switch kind {
        case .trace(_, let error), .output(_, let error): return error
        default: return nil
        }
    }

    /// What is wrong. The advice naming `keytrace`'s flags is the CLI's to add.
    public var description: String {
        switch kind {
        case .trace(_, let error): return error.description
        case .sceneNotFound(let name, let known):
            return "the trace names scene '\(name)', which was not found in \(SceneLocator.searchedPlaces) or beside "
                + "the trace (\(name).json or \(name.lowercased()).json in its folder, scenes/ or ../scenes/; "
                + "known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .noScene(let path):
            return "\(path) was recorded without a scene, and no scene was given to replay it through"
        case .sceneMismatch(let message):
            return message
        case .output(let path, let error): return "cannot write \(path): \(error.description)"
        case .focusTargetMissing(let path, let known):
            return "the trace moves focus to `\(path)`, which this scene does not have (known: "
                + known.prefix(10).joined(separator: ", ") + "); is it the right scene?"
        case .goldenDirectory(let path, let problem): return "\(path): \(problem)"
        case .stateNotFound(let error):
            return "the trace was recorded in a scene state this scene does not have: \(error.description); is it the right scene?"
        case .unknownScene(let name, let known):
            return "no scene named '\(name)' in \(SceneLocator.searchedPlaces); "
                + (known.isEmpty ? "" : "known scenes: \(known.joined(separator: ", ")); ")
                + "give a scene file's path (.json) or set KEYTRACE_SCENE_PATH"
        }
    }
}

/// The kinds of ``ReplayError``.
extension ErrorCode where Domain == ReplayError {
    /// The trace could not be read (``ReplayError/traceError`` says why).
    public static let trace = Self("trace")
    /// The scene the trace names is in none of the places searched.
    public static let sceneNotFound = Self("scene-not-found")
    /// The trace names no scene and none was given.
    public static let noScene = Self("no-scene")
    /// The scene's content hash differs from the one the trace was recorded with, and
    /// ``Replayer/Options/requireRecordedScene`` makes that an error.
    public static let sceneMismatch = Self("scene-mismatch")
    /// The replay's own trace could not be written (``ReplayError/traceError`` says why).
    public static let output = Self("output")
    /// The trace moves focus to a responder the scene does not have.
    public static let focusTargetMissing = Self("focus-target-missing")
    /// A scene given by name is neither bundled nor in the places searched.
    public static let unknownScene = Self("unknown-scene")
    /// A directory of golden traces could not be read, or holds none.
    public static let goldenDirectory = Self("golden-directory")
    /// The trace was recorded in a scene state (``TraceMetadata/sceneState``) the scene does not have.
    public static let stateNotFound = Self("state-not-found")
}
