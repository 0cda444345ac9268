import Replay
import Scenes

/// Resolves a `--scene` value: a file path, or the name of a bundled scene (`pdf-viewer`).
enum SceneArgument {
    static func path(_ value: String) throws -> String {
        if value.hasSuffix(".json") || value.contains("/") { return value }
        if let found = SceneLocator.path(forScene: value, near: nil) { return found }
        throw CommandFailure(message: "no scene named '\(value)'; bundled scenes: "
                             + SceneLocator.knownScenes().joined(separator: ", ") + " (or give a .json path)",
                             code: KeyTraceExit.unusableInput)
    }

    static func load(_ value: String) throws -> SceneRuntime {
        try SceneRuntime(contentsOf: path(value))
    }
}
