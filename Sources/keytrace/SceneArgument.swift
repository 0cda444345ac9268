import Replay
import Scenes

/// Resolves a `--scene` value: a file path, or the name of a bundled scene (`pdf-viewer`).
enum SceneArgument {
    static func path(_ value: String) throws -> String {
        if value.hasSuffix(".json") || value.contains("/") { return value }
        if let found = SceneLocator.path(forScene: value, near: nil) { return found }
        let known = SceneLocator.knownScenes()
        throw CommandFailure(message: "no scene named '\(value)' in \(SceneLocator.searchedPlaces); "
                             + (known.isEmpty ? "" : "known scenes: \(known.joined(separator: ", ")); ")
                             + "give a scene file's path (.json) or set KEYTRACE_SCENE_PATH",
                             code: KeyTraceExit.unusableInput)
    }

    static func load(_ value: String) throws -> SceneRuntime {
        try SceneRuntime(contentsOf: path(value))
    }
}
