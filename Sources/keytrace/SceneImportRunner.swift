import ArgumentParser
import Foundation

import KeyTraceSupport
import KeyTraceCore

extension SceneCommand {
    /// `keytrace scene import`: runs the `keytrace-scene-import` tool that sits beside this
    /// binary (a product of its own, so that building `keytrace` does not build swift-syntax).
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Build a scene from an iOS / Mac Catalyst app's Swift source (see docs/SceneImport.md).",
            discussion: """
            USAGE: keytrace scene import PATH... [-o scene.json] [--inventory FILE.jsonl] [--report FILE] [--json]
                   [--include-tests] [--platform ios|catalyst] [--deployment-target VERSION] [--define FLAG]...
                   [--can-import MODULE]... [--no-debug] [--name NAME]
            `keytrace scene import --help` lists every option. The importer is the keytrace-scene-import \
            product: build it with `swift build --product keytrace-scene-import`.
            """)

        @Argument(parsing: .captureForPassthrough, help: "App source folders or Swift files, then the importer's options.")
        var arguments: [String] = []

        func run() throws {
            do {
                let tool = SceneImportRunner.toolPath()
                guard FileManager.default.isExecutableFile(atPath: tool) else {
                    throw CommandFailure(message: "the scene importer is not built (\(tool) is missing); build it with "
                                         + "`swift build --product keytrace-scene-import` (it needs swift-syntax)",
                                         code: KeyTraceExit.unusableInput)
                }
                let status = SceneImportRunner.exec(tool, arguments: arguments)
                if status != 0 { throw ExitCode(status) }
            }
        }
    }
}

/// Finds and runs the importer tool.
enum SceneImportRunner {
    /// `keytrace-scene-import` in the folder of the running `keytrace`.
    static func toolPath() -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("keytrace-scene-import").path
    }

    /// Replaces this process with the tool (`execv`), so the importer has this process's id,
    /// standard streams and signals: a signal sent to `keytrace scene import` reaches the
    /// importer itself and no child is left behind. Returns only when the tool cannot be
    /// started, with the exit status to report.
    static func exec(_ tool: String, arguments: [String]) -> Int32 {
        var argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        execv(tool, argv)
        let reason = SystemErrorText.describe(errno)
        FileHandle.standardError.write(Data("keytrace: cannot run \(tool): \(reason)\n".utf8))
        return 2
    }
}
