import ArgumentParser
import Demo
import FoundationEssentials
import KeyTraceSupport

/// `keytrace demo`: record a bundled capture through a bundled scene, replay it, print the analysis.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Record the bundled USB capture through the bundled text-editor scene, replay it, and print the analysis.",
        discussion: "Run it from the repository root. The files it writes go to --directory (default: a temporary directory).")

    @Option(help: "The USB capture to record.")
    var capture = "Traces/captures/notes-session.pcap"
    @Option(help: "The scene (file or bundled name).")
    var scene = "text-editor"
    @Option(help: "Where to write the recorded and replayed traces.")
    var directory: String?

    func run() throws {
        guard FileManager.default.fileExists(atPath: capture) else {
            throw CommandFailure.unusableInput("\(capture) not found; run `keytrace demo` from the repository root, or pass --capture FILE")
        }
        let folder = directory ?? PathText.appending("keytrace-demo-\(getpid())", to: FileManager.default.temporaryDirectory.path)
        let tour = DemoTour(capture: capture, scenePath: try SceneArgument.path(scene), folder: folder)
        if try !tour.run(report: { print($0) }) { throw KeyTraceExit.checkFailed }
    }
}

