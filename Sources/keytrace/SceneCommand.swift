import ArgumentParser
import KeyTraceCore
import ResponderEngine
import Scenes

/// `keytrace scene check|commands|menubar|overlay|resolve|diff|import`: validate scenes, draw,
/// explain and compare their shortcuts.
struct SceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Import a scene from an app's source, validate it, list its states and discoverable commands, draw its menu bar or overlay, explain one shortcut's resolution, or compare two scenes.",
        subcommands: [Check.self, States.self, Commands.self, DrawMenuBar.self, DrawOverlay.self, Resolve.self, SceneDiffCommand.self,
                      Import.self])

    /// Options shared by the scene subcommands.
    struct SceneOptions: ParsableArguments {
        @Argument(help: "A scene file (JSON; see docs/Scenes.md) or bundled scene name, e.g. pdf-viewer.")
        var scene: String

        @Option(name: .customLong("first-responder"),
                help: "Make this responder first responder first: a path, e.g. window/viewer/reader/document/search, or a node's name, e.g. search (a type name, with '.' written as '-' or not), found in the key window of the state.")
        var firstResponder: String?

        @OptionGroup var state: StateOption

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var engine: EngineOptions

        /// The scene with the engine options applied, in the `--state`, then `adjust`ed (a
        /// command's own settings of the application, before its dispatcher exists), with its
        /// dispatcher and the `--first-responder` made first responder.
        func load(adjusting adjust: (SceneRuntime) throws -> Void = { _ in }) throws -> (SceneRuntime, KeyDispatcher) {
            let runtime = try SceneArgument.load(scene)
            engine.apply(to: runtime)
            try state.enter(in: runtime)
            try adjust(runtime)
            let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
            if let firstResponder { try runtime.focus(try runtime.responderPath(for: firstResponder)) }
            return (runtime, dispatcher)
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Validate a scene file and print a summary; exit 2 with the errors otherwise.",
            discussion: "Every state the scene names is entered; one that cannot be is an error (exit 2) naming the state and the step. Warnings (exit 0) name moments the scene has no first responder, with the commands that cannot fire then and what should call becomeFirstResponder() (R10), and commands on shortcuts the platform takes before the app (R24).")

        @Argument(help: "A scene file or bundled scene name.")
        var scene: String

        @OptionGroup var engine: EngineOptions

        func run() throws {
            let path = try SceneArgument.path(scene)
            let runtime = try SceneRuntime(contentsOf: path)
            engine.apply(to: runtime)
            let unreachable = SceneRuntime.stateEntryErrors(of: runtime.definition, file: path)
            guard unreachable.isEmpty else {
                for error in unreachable { KeyTraceExit.printError(error.description) }
                throw KeyTraceExit.unusableInput
            }
            print(try runtime.summary(label: scene), terminator: "")
        }
    }

    struct States: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "states",
            abstract: "List the scene's states: initial (the scene as loaded) and each named state, with the controllers it shows and its first responder.",
            discussion: "The controllers shown are the key window's root and, down from it, every child controller, but only the top of a navigation stack and only the selected tab, then presented modals on top. --state on resolve, commands, menubar, overlay, synth and record enters one of these states.")

        @Argument(help: "A scene file or bundled scene name.")
        var scene: String

        @Flag(help: "Print JSON (keys sorted) instead of text.")
        var json = false

        func run() throws {
            let path = try SceneArgument.path(scene)
            let runtime = try SceneRuntime(contentsOf: path)
            let listing = try SceneStateListing(definition: runtime.definition, file: path)
            print(json ? listing.json : listing.text, terminator: json ? "\n" : "")
        }
    }

    struct Commands: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "commands",
            abstract: "List what the ⌘-hold overlay would show for a first responder, with shadowed commands and shortcuts the system takes flagged.")

        @OptionGroup var options: SceneOptions

        func run() throws {
            let (runtime, dispatcher) = try options.load()
            let listing = CommandListing(name: runtime.definition.name, dispatcher: dispatcher)
            if options.json {
                print(listing.json)
            } else {
                print(listing.text, terminator: "")
            }
        }
    }

    struct Resolve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resolve",
            abstract: "Explain how one shortcut resolves: candidates in order, fidelity, why each was skipped, the winner.",
            discussion: "A shortcut the platform keeps for itself (⌘H, ⌘Space, ⌘Tab …, R24) resolves to the system before any candidate; with no first responder the walk starts at the key window (R10); when text input is active the result says what it does with the key (R16, R17).")

        @OptionGroup var options: SceneOptions

        @Argument(help: "The shortcut, e.g. 'shift+cmd+a' or '⇧⌘A', or a media or system key, e.g. 'volume-up' or 'sleep'.")
        var shortcut: String

        func run() throws {
            let (runtime, dispatcher) = try options.load()
            let press: KeyPress
            do {
                press = try KeyPress(notation: shortcut, layout: runtime.application.keyboardLayout)
            } catch {
                throw CommandFailure.usage(error.description)
            }
            let explanation = dispatcher.explain(press)
            print(options.json ? explanation.json : explanation.text, terminator: options.json ? "\n" : "")
        }
    }
}
