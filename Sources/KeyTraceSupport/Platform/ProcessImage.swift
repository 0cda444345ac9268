import FoundationEssentials

/// The running program's image: where its executable lies, and replacing it with another.
package enum ProcessImage {
    /// The folder of the running executable (through `/proc/self/exe`, else `argv[0]`): tools
    /// built beside it are found there.
    package static var executableDirectory: String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().path
    }

    /// Replaces this process with `tool` run with `arguments` (`execv`): the tool keeps this
    /// process's id, standard streams and signals, so a signal sent to this process reaches
    /// the tool and no child is left behind. Returns only when `tool` cannot be started, with
    /// the reason.
    package static func replace(with tool: String, arguments: [String]) -> String {
        var argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        execv(tool, argv)
        return SystemErrorText.describe(errno)
    }
}
