import ArgumentParser
import Comparison
import FoundationEssentials
import KeyTraceCore
import KeyTraceSupport
import SceneDiff
import Scenes

/// `keytrace scene diff BASE HEAD`: what a change to the app did to its keyboard shortcuts
/// (docs/SceneDiff.md). The comparison is ``SceneDiff``; this command loads, judges against the
/// approval file, prints and exits.
struct SceneDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two scenes: shortcuts added, removed or changed, resolution changes per first responder, new conflicts.",
        discussion: """
            Exit status: 0 nothing that changes behaviour (or every such change approved), 1 a \
            behaviour change not in the approval file, 2 unusable input (a scene that does not \
            load: the message names file, line, column and JSON path), 64 bad command line.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Argument(help: "The base scene (file or bundled name), e.g. imported from the pull request's base commit.")
    var base: String

    @Argument(help: "The head scene.")
    var head: String

    @Option(help: "Report format: text, markdown (for a pull-request comment) or json.")
    var format: Format = .text

    @Option(name: .customLong("approved"), help: "An approval file: one accepted change id per line ('#' comments).")
    var approved: String?

    @Flag(name: .customLong("write-approved"), help: "Write every current behaviour change into the --approved file, then exit 0.")
    var writeApproved = false

    @Option(name: [.short, .customLong("output")], help: "Write the report to FILE instead of standard output.")
    var output: String?

    @OptionGroup var engine: EngineOptions

    func validate() throws {
        if writeApproved && approved == nil {
            throw ValidationError("--write-approved needs --approved FILE: the file to write")
        }
    }

    func run() throws {
        let baseRuntime = try SceneArgument.load(base)
        let headRuntime = try SceneArgument.load(head)
        engine.apply(to: baseRuntime)
        engine.apply(to: headRuntime)
        let diff = try SceneDiff(base: baseRuntime, head: headRuntime, baseLabel: base, headLabel: head)
        if writeApproved, let approved {
            let count = try inputFile(approved) { try ApprovalList.write(accepting: diff, to: approved) }
            KeyTraceExit.printError("wrote \(count) approved change\(count == 1 ? "" : "s") to \(approved)")
            return
        }
        let approvals = try approved.map { path in try inputFile(path) { try ApprovalList(contentsOf: path) } } ?? ApprovalList()
        let report = SceneDiffReport(diff: diff, approvals: approvals)
        let text: String
        switch format {
        case .text: text = report.text
        case .markdown: text = report.markdown
        case .json: text = report.json + "\n"
        }
        try OutputFile(output ?? "-").replace(with: Array(text.utf8))
        if report.fails { throw KeyTraceExit.checkFailed }
    }
}

extension SceneDiffCommand: RegressionGate {
    /// `body`'s result; its error is unusable input that names the approval file.
    private func inputFile<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw CommandFailure.unusableInput("\(path): \(error)") }
    }
}
