import Foundation
import Scenes

/// Finds scene files by name: an explicit path, else `NAME.json` in the directories of
/// `KEYTRACE_SCENE_PATH` (colon-separated), `Traces/scenes` under the current directory, and
/// `scenes` or `../scenes` beside the trace.
public enum SceneLocator {
    /// The scene file for `name`, searched near `trace`, or `nil`.
    public static func path(forScene name: String, near trace: String?) -> String? {
        var directories: [String] = []
        if let env = ProcessInfo.processInfo.environment["KEYTRACE_SCENE_PATH"] {
            directories += env.split(separator: ":").map(String.init)
        }
        directories.append("Traces/scenes")
        if let trace {
            let dir = (trace as NSString).deletingLastPathComponent
            let base = dir.isEmpty ? "." : dir
            directories += ["\(base)/scenes", "\(base)/../scenes"]
        }
        for directory in directories {
            let candidate = "\(directory)/\(name).json"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The bundled scene names found in `Traces/scenes` (for messages).
    public static func knownScenes() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "Traces/scenes")) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }
}
