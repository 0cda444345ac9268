/// The scenes built into KeyTrace (`Traces/scenes/*.json`, embedded at build time by the
/// `EmbedScenes` plugin), so a `keytrace` binary copied anywhere can replay against them.
///
/// A bundled scene is referred to as `bundled:NAME` wherever a scene file's path is taken
/// (``SceneRuntime/init(contentsOf:)``, `scenePath` in trace metadata):
///
/// ```swift
/// BundledScenes.names                      // ["app-store-tabs", "canvas", "music-player", …]
/// let scene = try SceneRuntime(contentsOf: BundledScenes.reference("pdf-viewer"))
/// ```
public enum BundledScenes {
    /// The prefix that marks a scene reference as a bundled scene's name: `bundled:`.
    public static let scheme = "bundled:"

    /// The names of the bundled scenes, sorted.
    public static var names: [String] { files.map(\.name) }

    /// The JSON text of the bundled scene `name`, or `nil` when there is none.
    public static func json(named name: String) -> String? {
        files.first { $0.name == name }?.json
    }

    /// `bundled:NAME`, the reference under which a bundled scene loads.
    public static func reference(_ name: String) -> String { scheme + name }

    /// The JSON text a `bundled:NAME` reference names, or `nil` for any other text (a path).
    public static func json(forReference reference: String) -> String? {
        guard reference.hasPrefix(scheme) else { return nil }
        return json(named: String(reference.dropFirst(scheme.count)))
    }
}
