import CLITestSupport
import Foundation
import Testing

/// Every `sh` block of the README and docs/ either runs here, with its exit codes and the output
/// lines it shows checked against the built `keytrace`, or is marked illustrative
/// (``ShellBlock``).
@Suite struct ShellBlockTests {
    @Test func everyShellBlockIsATranscriptOrMarkedIllustrative() throws {
        #expect(!ShellBlock.all.isEmpty)
        for block in ShellBlock.transcripts {
            do {
                _ = try block.steps()
            } catch {
                Issue.record(Comment(rawValue: error.description))
            }
        }
    }

    @Test func theParserReadsCommandsStatusesAndOutputLines() throws {
        let text = """
            <!-- illustrative -->
            ```sh
            sudo modprobe usbmon
            ```

            ```sh
            $ keytrace verify a.ktrace   # exits 1 when damaged
            a.ktrace: damaged  
            …
            $ keytrace inspect a.ktrace
            ```
            """
        let blocks = ShellBlock.blocks(in: text, file: "page.md")
        #expect(blocks.map(\.isIllustrative) == [true, false])
        #expect(blocks.map(\.line) == [2, 6])
        let steps = try blocks[1].steps()
        #expect(steps.map(\.command) == ["keytrace verify a.ktrace   # exits 1 when damaged", "keytrace inspect a.ktrace"])
        #expect(steps.map(\.status) == [1, 0])
        #expect(steps[0].expectedLines == ["a.ktrace: damaged"])
        #expect(throws: ShellBlock.MalformedBlock.self) { try ShellBlock.blocks(in: "```sh\nls\n```\n", file: "x.md")[0].steps() }
    }

    @Test(arguments: ShellBlock.transcripts)
    func theTranscriptRunsAsShown(block: ShellBlock) throws {
        let binary = try #require(CLIRunner.binary, "the keytrace binary was not found beside the tests; run swift build first")
        let steps = try block.steps()
        let folder = ScratchDirectory.make()
        for name in ["Traces", "Tests", "Scripts", "docs"] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: repositoryRoot + "/" + name)
        }
        let path = URL(fileURLWithPath: binary).deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for step in steps {
            let (status, output) = try Self.run(step.command, in: folder, path: path)
            #expect(status == step.status, "\(block): `\(step.command)` exited \(status), not \(step.status):\n\(output)")
            let printed = output.split(separator: "\n", omittingEmptySubsequences: false).map(ShellBlock.trimmed)
            var next = printed.startIndex
            for expected in step.expectedLines {
                guard let found = printed[next...].firstIndex(of: expected) else {
                    Issue.record("\(block): `\(step.command)` did not print, in this order, the line\n\(expected)\nIt printed:\n\(output)")
                    break
                }
                next = printed.index(after: found)
            }
        }
    }

    /// Runs `command` with `/bin/sh` in `folder`; returns its status and its standard output
    /// followed by its standard error.
    static func run(_ command: String, in folder: String, path: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = path
        environment["NO_COLOR"] = "1"
        process.environment = environment
        // Standard error goes to a file, so that neither stream can fill its pipe and stall.
        let errorFile = ScratchDirectory.make() + "/stderr"
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        let errorData = try Data(contentsOf: URL(fileURLWithPath: errorFile))
        return (process.terminationStatus, String(decoding: data + errorData, as: UTF8.self))
    }
}
