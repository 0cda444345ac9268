import Foundation
import Testing

/// Data from outside the repository: real USB captures (`captures/`) and HID report descriptors
/// and captures (`hid/`) in a folder named `shared` beside the package root.
///
/// The folder exists on the project's own machines and in CI, not beside a fresh clone. Every
/// test that reads it goes through this type and carries ``Testing/Trait/needsSharedData``, so
/// without the folder the test is skipped with a reason instead of failing on a missing file;
/// `Scripts/test.sh` rejects any other path to it. The code paths such tests exercise are also
/// covered by captures the tests generate or the repository carries.
///
/// - `KEYTRACE_SHARED_DATA=DIR` reads the data from `DIR` instead.
/// - `KEYTRACE_REQUIRE_SHARED_DATA=1` runs these tests even when the folder is missing, so a
///   machine that is meant to have it fails instead of skipping.
public enum SharedData {
    /// The folder: `KEYTRACE_SHARED_DATA`, or `shared` beside the package root.
    public static let directory: String = {
        if let configured = ProcessInfo.processInfo.environment["KEYTRACE_SHARED_DATA"], !configured.isEmpty {
            return configured
        }
        return URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent().appendingPathComponent("shared").path
    }()

    /// Whether the folder exists.
    public static let isAvailable: Bool = {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
    }()

    /// Whether the environment asks for the tests that need the folder to run regardless.
    public static let isRequired: Bool = ProcessInfo.processInfo.environment["KEYTRACE_REQUIRE_SHARED_DATA"] == "1"

    /// Whether the tests that need the folder run: it exists, or it is required.
    public static var testsRun: Bool { isAvailable || isRequired }

    /// Why a test that needs the folder does not run.
    public static var skipReason: String {
        "needs the real-world captures and HID descriptors in \(directory), which is not part of the "
            + "repository (set KEYTRACE_SHARED_DATA=DIR to point at a copy)"
    }

    /// The path of `relative` (e.g. `captures/sha2017.pcap`) inside the folder.
    public static func path(_ relative: String) -> String {
        directory + "/" + relative
    }

    /// The path of a real capture, `captures/NAME`.
    public static func capture(_ name: String) -> String {
        path("captures/" + name)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when ``SharedData`` is available (or required); otherwise it is reported
    /// as skipped with ``SharedData/skipReason``.
    public static var needsSharedData: Self {
        .enabled(if: SharedData.testsRun, Comment(rawValue: SharedData.skipReason))
    }
}
