import Foundation
import Scenes

/// Finds scene files by name: an explicit path, else `NAME.json` in the directories of
/// `KEYTRACE_SCENE_PATH` (colon-separated), the bundled scenes, and `scenes` or `../scenes`
/// beside the trace.
///
/// The bundled scenes are `Traces/scenes` under the current directory, else the `Traces/scenes`
/// of the checkout the running executable was built in (found by walking up from the
/// executable, so `.build/release/keytrace` finds them from any directory).
public enum SceneLocator {
    /// The scene file for `name`, searched near `trace`, or `nil`.
    public static func path(forScene name: String, near trace: String?) -> String? {
        var directories = searchPath
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

    /// The names of the scenes in `KEYTRACE_SCENE_PATH` and the bundled scenes (for messages).
    public static func knownScenes() -> [String] {
        let names = searchPath.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }
        return Set(names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }).sorted()
    }

    /// Where the bundled scenes are, or `nil` when neither the current directory nor the
    /// executable's checkout has them.
    public static let bundledDirectory: String? = {
        let manager = FileManager.default
        if manager.fileExists(atPath: "Traces/scenes") { return "Traces/scenes" }
        guard let executable = try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        var directory = (executable as NSString).deletingLastPathComponent
        for _ in 0..<6 where directory.count > 1 {
            let candidate = directory + "/Traces/scenes"
            if manager.fileExists(atPath: candidate) { return candidate }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return nil
    }()

    /// What to tell a user whose scene name was not found: where names were looked up.
    public static var searchedPlaces: String {
        "KEYTRACE_SCENE_PATH, the bundled scenes ("
            + (bundledDirectory ?? "none found: no Traces/scenes here or in the executable's checkout") + ")"
    }

    private static var searchPath: [String] {
        var directories: [String] = []
        if let env = ProcessInfo.processInfo.environment["KEYTRACE_SCENE_PATH"] {
            directories += env.split(separator: ":").map(String.init)
        }
        if let bundledDirectory { directories.append(bundledDirectory) }
        return directories
    }
}
