import ArgumentParser
import KeyTraceCore
import KeyTraceSupport
import ResponderEngine
import Scenes
import Surfaces

extension SceneCommand {
    /// Options of the commands that draw what a person sees of the app's commands.
    struct SurfaceOptions: ParsableArguments {
        @OptionGroup var scene: SceneOptions

        @Option(name: .customLong("html"), help: ArgumentHelp("Write a self-contained HTML page drawing it to FILE ('-' for standard output) instead of printing text.", valueName: "file"))
        var html: String?

        func validate() throws {
            if scene.json && html != nil { throw ValidationError("--json and --html both choose the output; give one") }
        }

        /// The scene loaded on `platform` (the scene's version kept when the platform is the
        /// other one), with its first responder; a note when the scene said the other platform.
        /// Whatever else a later option sets on the app before it is drawn (a state) goes in
        /// the same adjustment.
        func load(on platform: Platform) throws -> (SceneRuntime, KeyDispatcher, note: String?) {
            if let given = scene.engine.platform, given.platform != platform {
                throw CommandFailure.usage("--platform \(given): this command draws \(platform == .catalyst ? "the Mac menu bar (catalyst)" : "the iPad overlay (ipad)"); give --platform \(platform.rawValue)[@VERSION] or leave it out")
            }
            var note: String?
            let (runtime, dispatcher) = try scene.load { runtime in
                let application = runtime.application
                guard application.platform != platform else { return }
                let drawn = PlatformVersion(platform, application.platformVersion.version)
                note = "the scene runs on \(application.platformVersion.displayName); drawn as \(drawn.displayName) would show it"
                if platform == .catalyst {
                    // An import for the iPad leaves out what only the Mac build compiles.
                    note? += "; a scene imported for the iPad holds nothing of the app's "
                        + "#if targetEnvironment(macCatalyst) code: `keytrace scene import … --platform catalyst` imports the Mac build"
                }
                application.platformVersion = drawn
            }
            return (runtime, dispatcher, note)
        }

        /// Prints `text`, `json` or writes `html`, as the options ask; `note` goes to standard error.
        func write(text: String, json: String, html page: @autoclosure () -> String, note: String?) throws {
            if let note { KeyTraceExit.printError("note: \(note)") }
            if let html {
                try OutputFile(html).replace(with: Array(page().utf8))
            } else if scene.json {
                print(json)
            } else {
                print(text, terminator: "")
            }
        }
    }

    struct DrawMenuBar: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "menubar",
            abstract: "Draw the Mac Catalyst menu bar for a first responder: every menu and item, its key equivalent and whether it is enabled.",
            discussion: "The application menu, File, Edit, Format, View, Window, Help and the app's menus in the main menu's order, with the items macOS adds (About, Hide, Quit, Spelling, Font, Minimize …). An item is enabled when a responder of the chain performs its action and validate(_:) leaves it enabled (R14); notes say when another command or the system takes its key (R12, R24). Untitled and hidden commands are listed as not drawn; their keys still fire. A scene on ipad is drawn as Mac Catalyst at the same version.")

        @OptionGroup var options: SurfaceOptions

        func run() throws {
            let (runtime, dispatcher, note) = try options.load(on: .catalyst)
            let bar = MenuBar(scene: runtime.definition.name, appName: runtime.definition.name, dispatcher: dispatcher)
            try options.write(text: bar.text, json: bar.json, html: bar.html, note: note)
        }
    }

    struct DrawOverlay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "overlay",
            abstract: "Draw the iPad ⌘-hold overlay for a first responder, grouped as iPadOS 15 and later group it.",
            discussion: "The main menu's categories (top-level menus, submenus as sections), then each responder's own key commands, nearest the first responder first, with their discoverability titles; disabled, hidden, untitled and unperformable commands are left out, and each shortcut is listed once, for the command that fires (R22). `scene commands` lists the same commands with their actions and the shadowed ones. A scene on catalyst is drawn as iPadOS at the same version.")

        @OptionGroup var options: SurfaceOptions

        func run() throws {
            let (runtime, dispatcher, note) = try options.load(on: .ipad)
            let overlay = DiscoverabilityOverlay(scene: runtime.definition.name, appName: runtime.definition.name, dispatcher: dispatcher)
            try options.write(text: overlay.text, json: overlay.json, html: overlay.html, note: note)
        }
    }
}
