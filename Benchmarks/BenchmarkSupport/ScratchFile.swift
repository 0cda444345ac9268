import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Paths handed out by ``ScratchFile/path(_:)`` in this process.
private let scratchPaths = Mutex<[String]>([])

/// Temporary files a benchmark process writes its inputs to, removed when the process exits.
///
/// The benchmark runner starts a process per benchmark, and each one writes its input trace
/// (megabytes) again; without removal they pile up in the temporary directory run after run.
public enum ScratchFile {
    /// A path in the temporary directory, unique to this process (`keytrace-NAME-PID`), whose
    /// file is removed when the process exits normally.
    public static func path(_ name: String) -> String {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = "\(directory)/keytrace-\(name)-\(getpid())"
        let first = scratchPaths.withLock { paths in
            paths.append(path)
            return paths.count == 1
        }
        if first { atexit { scratchPaths.withLock { paths in for path in paths { unlink(path) } } } }
        return path
    }
}
