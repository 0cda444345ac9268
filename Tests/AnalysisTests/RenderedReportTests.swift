import CLITestSupport
import Foundation
import Testing

/// The HTML report of a USB capture (the repository's demo capture) rendered by headless Chromium (`Scripts/render-report.sh`'s
/// browser, installed by `Scripts/install-oracles.sh`): the keyboard heat maps and histograms must be
/// SVG elements of the DOM the browser built, not only text in the file.
@Suite struct RenderedReportTests {
    /// Chromium on the PATH, if installed.
    static let chromium: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").flatMap { ["\($0)/chromium", "\($0)/chromium-browser"] }
            .first(where: FileManager.default.isExecutableFile(atPath:))
    }()

    @Test(.enabled(if: chromium != nil, "chromium is not installed: run Scripts/install-oracles.sh, which installs it"))
    func heatMapsAndHistogramsExistInTheRenderedDOM() throws {
        let browser = try #require(Self.chromium)
        let capture = repositoryRoot + "/Traces/captures/notes-session.pcap"
        let directory = ScratchDirectory.make()
        let trace = directory + "/notes-session.ktrace"
        let html = directory + "/report.html"
        #expect(try CLIRunner.run(["record", "--pcap", capture, "-o", trace]).status == 0)
        #expect(try CLIRunner.run(["analyze", trace, "--format", "html", "-o", html]).status == 0)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory)/profile",
                             "--dump-dom", "file://\(html)"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let dom = String(decoding: data, as: UTF8.self)

        // Elements the browser parsed: SVG roots with their roles and labels, and the key groups.
        func count(_ needle: String) -> Int { dom.components(separatedBy: needle).count - 1 }
        #expect(count("<svg") >= 7, "three latency charts and four hardware charts")
        #expect(dom.contains("aria-label=\"chatter heat map\""))
        #expect(dom.contains("aria-label=\"dwell heat map\""))
        #expect(dom.contains("aria-label=\"report gap histogram\""))
        #expect(dom.contains("aria-label=\"chord split histogram\""))
        #expect(count("<g class=\"key\"") >= 2 * 60, "a US ANSI drawing of at least 60 keys per heat map")
        #expect(dom.contains("</svg>"))
    }
}
