import ArgumentParser
import Foundation
import KeyTraceCore
import KeyTraceSupport
import SceneImport

/// `keytrace scene import`: builds a scene from an app's Swift and Objective-C source. `keytrace` runs this
/// tool from beside its own binary; it can also be run directly as `keytrace-scene-import`.
@main
struct SceneImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keytrace scene import",
        abstract: "Build a scene from an iOS / Mac Catalyst app's source (Swift, Objective-C, storyboards, Info.plist): its key commands, who provides them, who implements the actions, how the controllers nest.",
        discussion: """
        Walks the .swift files under each PATH (skipping build products, dependencies such as Pods \
        and Carthage, hidden folders and test folders) \
        and prints the import report. Exit codes: 0 imported; 1 the generated scene does not load \
        (an importer bug: please report it), or with --strict a command is left out of the scene; \
        2 no usable input; 64 usage error.
        """)

    @Argument(help: "App source folders or source files (Swift, Objective-C, a storyboard, an Info.plist).")
    var paths: [String]

    @Option(name: .shortAndLong, help: "Write the scene (JSON) to this file; - for standard output (then give --report FILE).")
    var output: String?

    @Option(help: "Write every command found as JSON Lines to this file; - for standard output (then give --report FILE).")
    var inventory: String?

    @Option(help: "Write the report to this file instead of standard output.")
    var report: String?

    @Flag(help: "Write the report as JSON.")
    var json = false

    @Flag(help: "Write the report as a self-contained HTML page, with the Mac menu bar and the iPad ⌘-hold overlay of the scene's key screens.")
    var html = false

    @Flag(help: "Read test folders too.")
    var includeTests = false

    @Option(help: "Compile for this platform: ipad (iPhone and iPad; ios is the same) or catalyst (Mac Catalyst).")
    var platform: String = "ipad"

    @Option(help: "Compilation flags that are set (repeatable); DEBUG is set unless --no-debug.")
    var define: [String] = []

    @Flag(help: "Leave DEBUG unset.")
    var noDebug = false

    @Option(help: "Modules canImport finds besides Apple's frameworks (repeatable).")
    var canImport: [String] = []

    @Option(help: "The oldest iOS version the app supports, e.g. 15.0, for #available checks (default: the Xcode project's IPHONEOS_DEPLOYMENT_TARGET, else 13.0).")
    var deploymentTarget: String?

    @Option(help: "The scene's name (default: the first path's last component).")
    var name: String?

    @Flag(help: "Print the time spent parsing and importing to standard error (parse=SECONDS import=SECONDS).")
    var timings = false

    @Option(help: "An import overlay (JSON, see docs/SceneImport.md): the key window, containment, responder kinds, first responder and state values the source does not show.")
    var overlay: String?

    @Flag(help: "Exit 1 when a command found is left out of the scene or a controller with commands is not placed (the report lists each with its reason).")
    var strict = false

    @Flag(help: "Survey every screen for the platform's findings on an iOS import too (a Mac Catalyst import always does).")
    var platformFindings = false

    @Option(help: "The device whose layout the scene holds where the app branches on userInterfaceIdiom or the size class: pad or phone.")
    var idiom: String = "pad"

    func validate() throws {
        if json && html { throw ValidationError("--json and --html both choose the report's format; give one") }
        if let deploymentTarget {
            let parts = deploymentTarget.split(separator: ".", omittingEmptySubsequences: false)
            guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }) else {
                throw ValidationError("--deployment-target must be a version such as 15.0, not '\(deploymentTarget)'")
            }
        }
        guard CompilationConditions.Platform(named: platform) != nil else {
            throw ValidationError("--platform must be ipad or catalyst, not '\(platform)'")
        }
        guard InterfaceIdiom(rawValue: idiom) != nil else {
            throw ValidationError("--idiom must be pad or phone, not '\(idiom)'")
        }
        let stdoutUses = [output, inventory].filter { $0 == "-" }.count + (report == nil ? 1 : 0)
        if stdoutUses > 1 && (output == "-" || inventory == "-") {
            throw ValidationError("only one of -o -, --inventory - and the report can go to standard output; give --report FILE")
        }
    }

    func run() throws {
        Self.acceptTerminatingSignals()
        var flags = Set(define)
        if !noDebug { flags.insert("DEBUG") }
        let target = deploymentTarget.map { $0.split(separator: ".").compactMap { Int($0) } }
        let conditions = CompilationConditions(platform: CompilationConditions.Platform(named: platform) ?? .iOS,
                                               flags: flags, importableModules: Set(canImport), deploymentTarget: target ?? [13, 0])
        let result: ImportResult
        do {
            let stated = try overlay.map { path throws(SceneImportError) in try ImportOverlay(contentsOf: path) }
            var options = SceneImporter.Options(files: .init(includeTests: includeTests), conditions: conditions,
                                                sceneName: name, deploymentTargetFromProject: target == nil, overlay: stated)
            options.idiom = InterfaceIdiom(rawValue: idiom) ?? .pad
            if platformFindings { options.platformFindings = true }
            let importer = SceneImporter(options: options)
            result = try importer.importApp(at: paths)
        } catch {
            FileHandle.standardError.write(Data("keytrace: \(error)\n".utf8))
            throw ExitCode(2)
        }
        do {
            if let output { try write(result.scene, to: output) }
            if let inventory { try write(result.inventoryText, to: inventory) }
            let reportText = json ? result.report.jsonText : html ? result.html : result.report.text
            try write(reportText, to: report ?? "-")
        } catch {
            // An output that cannot be written exits 1, as for every keytrace command.
            FileHandle.standardError.write(Data("keytrace: \(error)\n".utf8))
            throw ExitCode(1)
        }
        if timings {
            func seconds(_ duration: Duration) -> String {
                let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
                return String(format: "%.3f", value)
            }
            FileHandle.standardError.write(Data("timings: parse=\(seconds(result.timings.parse)) import=\(seconds(result.timings.total))\n".utf8))
        }
        if result.report.sceneError != nil { throw ExitCode(1) }
        if strict, !result.report.unresolved.isEmpty || !result.report.unplaced.isEmpty {
            let report = result.report
            FileHandle.standardError.write(Data(("keytrace: --strict: \(report.unresolved.count) command(s) left out of the scene and "
                + "\(report.unplaced.count) controller(s) not placed; the report says why\n").utf8))
            throw ExitCode(1)
        }
    }

    private func write(_ text: String, to path: String) throws {
        // Written in place through OutputFile, never replaced: a device (/dev/null), a FIFO or
        // a symlink's target stays what it is; every write and the close are checked.
        do throws(OutputFileError) {
            var stream = try OutputFile(path).open()
            try stream.write(text)
            try stream.close()
        } catch {
            throw SceneImportError.cannotWrite(path, reason: error.reason)
        }
    }
}

extension SceneImportCommand {
    /// Unblocks SIGINT, SIGTERM and SIGHUP, which a parent may have left blocked in the mask the
    /// tool inherits: whoever starts an import can always stop it.
    static func acceptTerminatingSignals() {
        SystemCalls.unblock([SIGINT, SIGTERM, SIGHUP])
    }
}
