import Replay
import Scenes

/// A `--scene` value: a file path, or the name of a bundled scene (`pdf-viewer`).
enum SceneArgument {
    /// The scene file the value names (``SceneLocator/resolve(_:)``).
    static func path(_ value: String) throws -> String { try SceneLocator.resolve(value) }

    /// The scene the value names, loaded.
    static func load(_ value: String) throws -> SceneRuntime { try SceneRuntime(contentsOf: path(value)) }
}
