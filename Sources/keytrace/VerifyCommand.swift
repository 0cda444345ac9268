import ArgumentParser
import KeyTraceSupport
import TraceFormat

/// `keytrace verify TRACE`: checks every chunk; exit 0 intact, 1 damaged.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every chunk's checksum and framing.",
        discussion: "Exit 0 when the trace is intact, 1 when damaged (each damaged chunk is listed with its byte offset), 2 when the file is not a usable trace.")

    @OptionGroup var options: TraceOptions

    func run() throws {
        let report: VerificationReport
        do { report = try TraceReader(path: options.trace).verify() } catch { throw CommandFailure.trace(options.trace, error) }
        let out = try TextFile(path: "-")
        for line in report.reportLines { try out.line(line) }
        try out.flush()
        if !report.isIntact { throw KeyTraceExit.checkFailed }
    }
}
