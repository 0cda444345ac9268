import KeyTraceCore
import ResponderEngine
import TraceFormat

extension TraceMetadata {
    /// The metadata key that names the first-responder fallback (R10) a trace was recorded with.
    static let firstResponderFallbackKey = "firstResponderFallback"

    /// The first-responder fallback the trace was recorded with (R10), so that a replay starts
    /// from where the recording did. Every trace recorded through a scene names it, `none`
    /// included.
    ///
    /// A trace through a scene that names none was recorded before a missing first responder
    /// lost its stand-in, when the deepest controller always stood in: that is what it reads as,
    /// so that it replays as it was recorded. A value this version does not know reads as `nil`.
    public var firstResponderFallback: FirstResponderFallback? {
        get {
            guard let text = custom[Self.firstResponderFallbackKey] else {
                return sceneName == nil ? nil : .deepestController
            }
            return FirstResponderFallback(rawValue: text)
        }
        set { custom[Self.firstResponderFallbackKey] = newValue?.rawValue }
    }

    /// The metadata key that names the platform a trace was recorded on.
    static let platformKey = "platform"

    /// The platform and OS version the trace was recorded on (`ipad@27.0`), so that a replay
    /// applies the same rules; `nil` when the trace names none (recorded before traces named it,
    /// or without a scene) or names one this version does not know.
    public var platform: PlatformVersion? {
        get { custom[Self.platformKey].flatMap(PlatformVersion.init(notation:)) }
        set { custom[Self.platformKey] = newValue?.description }
    }
}

extension TraceMetadata {
    /// The metadata key that names the scene state a trace was recorded in.
    static let sceneStateKey = "sceneState"

    /// The scene state the trace was recorded in (`--state`, ``SceneRuntime/enter(_:)``), so
    /// that a replay enters it before the first press; `nil` for the scene as loaded, which
    /// traces do not name.
    public var sceneState: String? {
        get { custom[Self.sceneStateKey] }
        set { custom[Self.sceneStateKey] = newValue }
    }
}
