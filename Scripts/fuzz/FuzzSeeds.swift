#if canImport(Glibc)
import Glibc
#endif

/// `fuzz-keytrace seed TARGET DIR [ROOT]`: a target's seed corpus, written into a directory.
enum FuzzSeeds {
    /// Writes the seeds of the target named by `arguments[0]` into the directory
    /// `arguments[1]`; returns the exit status.
    static func write(arguments: [String]) -> CInt {
        guard arguments.count == 2 || arguments.count == 3, let target = FuzzTarget.named(arguments[0]) else {
            printError("usage: fuzz-keytrace seed TARGET DIR [ROOT]")
            return 64
        }
        let directory = arguments[1]
        let root = arguments.count == 3 ? arguments[2] : "."
        mkdir(directory, 0o755)
        var written = 0
        for pattern in target.seedFiles {
            for path in matches("\(root)/\(pattern)") {
                guard let bytes = contents(of: path) else { continue }
                let name = path.split(separator: "/").last.map(String.init) ?? "seed"
                if store(bytes, at: "\(directory)/\(name)") { written += 1 }
            }
        }
        for (index, bytes) in target.constructedSeeds().enumerated() {
            if store(bytes, at: "\(directory)/constructed-\(index)") { written += 1 }
        }
        print("\(target.name): \(written) seeds in \(directory)")
        return written > 0 ? 0 : 1
    }

    /// The regular files matching the glob `pattern`; none when nothing matches.
    static func matches(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard glob(pattern, 0, nil, &found) == 0 else { return [] }
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
    }

    /// The bytes of the regular file at `path`, `nil` when it cannot be read.
    static func contents(of path: String) -> [UInt8]? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        return Array(bytes[0..<count])
    }

    /// Writes `bytes` to a new regular file at `path`.
    static func store(_ bytes: [UInt8], at path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        defer { fclose(file) }
        return bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == bytes.count
    }
}
