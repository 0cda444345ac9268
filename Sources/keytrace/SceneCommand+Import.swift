import ArgumentParser
import FoundationEssentials
import KeyTraceSupport

extension SceneCommand {
    /// `keytrace scene import`: runs the `keytrace-scene-import` tool that sits beside this
    /// binary (a product of its own, so that building `keytrace` does not build swift-syntax).
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Build a scene from an iOS / Mac Catalyst app's Swift and Objective-C source (see docs/SceneImport.md).",
            discussion: """
            USAGE: keytrace scene import PATH... [-o scene.json] [--inventory FILE.jsonl] [--report FILE] [--json | --html]
                   [--include-tests] [--platform ipad|catalyst] [--deployment-target VERSION] [--define FLAG]...
                   [--can-import MODULE]... [--no-debug] [--name NAME] [--idiom pad|phone] [--strict]
            `keytrace scene import --help` lists every option. The importer is the keytrace-scene-import \
            product: build it with `swift build --product keytrace-scene-import`.
            """)

        @Argument(
            parsing: .captureForPassthrough,
            help: "App source folders or source files (Swift, Objective-C, a storyboard, an Info.plist), then the importer's options.")
        var arguments: [String] = []

        func run() throws {
            let tool = ProcessImage.executableDirectory + "/keytrace-scene-import"
            guard FileManager.default.isExecutableFile(atPath: tool) else {
                // Help is there before the importer is built: this command's own, and how to build it.
                if arguments.contains(where: { ["--help", "-h", "-help"].contains($0) }) {
                    print(Self.helpMessage(for: Self.self))
                    print("The importer is not built yet (\(tool) is missing): `swift build --product "
                          + "keytrace-scene-import` builds it (it needs swift-syntax), and then this help lists every option.")
                    return
                }
                throw CommandFailure.unusableInput("the scene importer is not built (\(tool) is missing); build it with "
                                                   + "`swift build --product keytrace-scene-import` (it needs swift-syntax)")
            }
            let reason = ProcessImage.replace(with: tool, arguments: arguments)
            throw CommandFailure.unusableInput("cannot run \(tool): \(reason); rebuild it with "
                                               + "`swift build --product keytrace-scene-import`, or check that it is executable")
        }
    }
}
