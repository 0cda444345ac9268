import FoundationEssentials
import KeyTraceSupport
import Scenes

/// Finds scenes by name: an explicit path, else the path the recording was given (`scenePath`
/// in the trace's metadata, as it is or beside the trace), else `NAME.json` in the directories of
/// `KEYTRACE_SCENE_PATH` (colon-separated), else the bundled scene `NAME` (built into the
/// binary, see ``BundledScenes``: found as `bundled:NAME`), else beside the trace: in its own
/// folder (`NAME.json`, or the name in lower case, as `scene import -o notes.json` writes the
/// scene `Notes`), then in `scenes` or `../scenes`.
public enum SceneLocator {
    /// The scene file (or `bundled:NAME` reference) for `name`, searched near `trace` (from the
    /// path the recording was given, `recorded`, first), or `nil`.
    public static func path(forScene name: String, near trace: String?, recorded: String? = nil) -> String? {
        if BundledScenes.json(forReference: name) != nil { return name }
        if let recorded, !recorded.isEmpty {
            if BundledScenes.json(forReference: recorded) != nil { return recorded }
            // A relative path was relative to where the recording ran: the trace's folder,
            // where a trace and its scene are kept together, comes first.
            var candidates = [recorded]
            if let trace {
                let dir = PathText.deletingLastComponent(of: trace)
                let beside = (dir.isEmpty ? "." : dir) + "/" + PathText.lastComponent(of: recorded)
                if recorded.hasPrefix("/") { candidates.append(beside) } else { candidates.insert(beside, at: 0) }
            }
            if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) { return found }
        }
        for directory in searchPath {
            let candidate = "\(directory)/\(name).json"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        if BundledScenes.json(named: name) != nil { return BundledScenes.reference(name) }
        if let trace {
            let dir = PathText.deletingLastComponent(of: trace)
            let base = dir.isEmpty ? "." : dir
            for directory in [base, "\(base)/scenes", "\(base)/../scenes"] {
                for file in Set([name, name.lowercased()]).sorted() {
                    let candidate = "\(directory)/\(file).json"
                    if FileManager.default.fileExists(atPath: candidate) { return candidate }
                }
            }
        }
        return nil
    }

    /// The names of the scenes in `KEYTRACE_SCENE_PATH` and the bundled scenes (for messages).
    public static func knownScenes() -> [String] {
        let names = searchPath.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }
        let files = names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        return Set(files + BundledScenes.names).sorted()
    }

    /// What to tell a user whose scene name was not found: where names were looked up (the
    /// names themselves are ``knownScenes()``).
    public static var searchedPlaces: String { "KEYTRACE_SCENE_PATH and the bundled scenes" }

    private static var searchPath: [String] {
        guard let env = ProcessInfo.processInfo.environment["KEYTRACE_SCENE_PATH"] else { return [] }
        return env.split(separator: ":").map(String.init)
    }

    /// The scene file a `--scene` value names: a path (ending in `.json` or holding a `/`) as it
    /// is, otherwise the scene of that name in the places searched (``searchedPlaces``).
    public static func resolve(_ value: String) throws(ReplayError) -> String {
        if value.hasSuffix(".json") || value.contains("/") { return value }
        if let found = path(forScene: value, near: nil) { return found }
        throw .unknownScene(value, known: knownScenes())
    }
}
