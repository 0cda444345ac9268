import ArgumentParser
import KeyTraceCore
import ResponderEngine
import Scenes

/// `keytrace scene check|commands|resolve`: validate scenes and explain their shortcuts.
struct SceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Validate a scene, list its discoverable commands, or explain one shortcut's resolution.",
        subcommands: [Check.self, Commands.self, Resolve.self, Import.self])

    /// Options shared by the scene subcommands.
    struct SceneOptions: ParsableArguments {
        @Argument(help: "A scene file (JSON; see docs/Scenes.md) or bundled scene name, e.g. pdf-viewer.")
        var scene: String

        @Option(name: .customLong("first-responder"),
                help: "Make this responder first responder first, e.g. window/viewer/reader/document/search.")
        var firstResponder: String?

        @Flag(help: "Print JSON instead of text.")
        var json = false

        func load() throws -> (SceneRuntime, KeyDispatcher) {
            let runtime = try SceneArgument.load(scene)
            let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
            if let firstResponder { try runtime.focus(firstResponder) }
            return (runtime, dispatcher)
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate a scene file and print a summary; exit 2 with the errors otherwise.")

        @Argument(help: "A scene file or bundled scene name.")
        var scene: String

        func run() throws {
            do {
                let runtime = try SceneArgument.load(scene)
                let dispatcher = try runtime.makeDispatcher(policy: .cached, clock: nil)
                let definition = runtime.definition
                let responders = runtime.allResponders
                let declared = responders.reduce(0) { $0 + ($1.keyCommands?.count ?? 0) }
                print("\(scene): ok")
                print("  scene         \(definition.name) (format \(SceneDefinition.formatVersion))")
                print("  content hash  \(definition.contentHash)")
                print("  layout        \(definition.layout), \(definition.rightToLeft ? "right-to-left" : "left-to-right")")
                print("  windows       \(definition.windows.map(\.name).joined(separator: ", "))")
                print("  responders    \(responders.count)")
                print("  key commands  \(declared) on responders, \(runtime.application.mainMenuKeyCommands.count) in the main menu")
                print("  controllers   \(definition.controllers.map(\.name).joined(separator: ", ").ifEmpty("none")) (presentable)")
                print("  state         \(definition.state.map { "\($0.name)=\($0.initial)" }.joined(separator: " ").ifEmpty("none"))")
                print("  first resp.   \(runtime.application.firstResponder?.path ?? "(none: the deepest controller stands in)")")
                let shadowed = dispatcher.shadowedCommands().count
                if shadowed > 0 {
                    print("  note          \(shadowed) command(s) shadowed from the first responder; see `keytrace scene commands`")
                }
            }
        }
    }

    struct Commands: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List what the ⌘-hold overlay would show for a first responder, with shadowed commands flagged.")

        @OptionGroup var options: SceneOptions

        func run() throws {
            do {
                let (runtime, dispatcher) = try options.load()
                let groups = dispatcher.discoverableCommands()
                let shadowed = dispatcher.shadowedCommands()
                let firstResponder = runtime.application.firstResponder?.path ?? "(none)"
                if options.json {
                    var lines: [String] = []
                    lines.append("{\"scene\":\(JSONString.quote(runtime.definition.name)),\"firstResponder\":\(JSONString.quote(firstResponder)),\"groups\":[")
                    lines.append(groups.map { group in
                        var object = JSONObject()
                        object.add("title", group.title)
                        object.add("kind", group.menu == nil ? "responder" : "menu")
                        object.add("commands", objects: group.commands.map(\.jsonObject))
                        return object.text
                    }.joined(separator: ",\n"))
                    lines.append("],\"shadowed\":[")
                    lines.append(shadowed.map { entry in
                        var object = JSONObject()
                        object.add("command", object: entry.command.jsonObject)
                        object.add("provider", entry.provider.description)
                        object.add("shadowedBy", object: entry.shadowedBy.jsonObject)
                        object.add("shadowingProvider", entry.shadowingProvider.description)
                        return object.text
                    }.joined(separator: ",\n"))
                    lines.append("]}")
                    print(lines.joined(separator: "\n"))
                    return
                }
                print("Discoverable commands with first responder \(firstResponder):")
                for group in groups {
                    print("")
                    print("\(group.title)\(group.menu == nil ? "" : " (menu)")")
                    let width = group.commands.map { $0.shortcut.description.count }.max() ?? 0
                    for command in group.commands {
                        let shortcut = command.shortcut.description
                        print("  \(shortcut)\(String(repeating: " ", count: width - shortcut.count))  \(command.displayTitle ?? "")  [\(command.action?.name ?? "")]")
                    }
                }
                if !shadowed.isEmpty {
                    print("")
                    print("Shadowed (never considered: an earlier command has the same shortcut, R12):")
                    for entry in shadowed {
                        print("  \(entry.command.shortcut)  \(entry.command.displayTitle ?? entry.command.action?.name ?? "") from \(entry.provider)"
                              + "  ← shadowed by \(entry.shadowedBy.displayTitle ?? entry.shadowedBy.action?.name ?? "") from \(entry.shadowingProvider)")
                    }
                }
            }
        }
    }

    struct Resolve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explain how one shortcut resolves: candidates in order, fidelity, why each was skipped, the winner.")

        @OptionGroup var options: SceneOptions

        @Argument(help: "The shortcut, e.g. 'shift+cmd+a' or '⇧⌘A', or a media or system key, e.g. 'volume-up' or 'sleep'.")
        var shortcut: String

        func run() throws {
            do {
                let media = MediaKey.chord(shortcut)
                var parsed: KeyShortcut?
                if media == nil {
                    do { parsed = try KeyShortcut(shortcut) } catch {
                        throw CommandFailure.usage("\(error); media and system keys are written volume-up, play-pause, sleep, …")
                    }
                }
                let (runtime, dispatcher) = try options.load()
                let layout = runtime.application.keyboardLayout
                let press: KeyPress
                if let media {
                    press = KeyPress(.began, HIDUsage(media.key.usage), modifiers: media.modifiers, layout: layout,
                                     usagePage: media.key.page)
                } else {
                    guard let parsed, let stroke = keystroke(for: parsed, layout: layout) else {
                        throw CommandFailure.usage("'\(shortcut)' cannot be typed on the \(layout.name) layout")
                    }
                    press = KeyPress(.began, stroke.usage, modifiers: stroke.modifiers, layout: layout)
                }
                let explanation = dispatcher.explain(press)
                if options.json {
                    print(explanation.json)
                    return
                }
                let keyName = press.isKeyboardKey ? press.keyName : "\(press.usagePage.name) page \(press.keyName)"
                print("\(press.shortcutDescription) (\(keyName)) with first responder \(explanation.chain.start?.description ?? "(none)")"
                      + (explanation.textInputActive ? ", text input active" : ""))
                print("chain: \(explanation.chain)")
                if !press.isKeyboardKey {
                    print("no key command matches: UIKit matches key commands against Keyboard/Keypad keys only; "
                          + "the press goes to pressesBegan along the chain")
                    return
                }
                if explanation.candidates.isEmpty {
                    print("no key command matches; the press goes to pressesBegan along the chain")
                    return
                }
                print("candidates, in the order they are visited:")
                for (index, candidate) in explanation.candidates.enumerated() {
                    let title = candidate.command.displayTitle.map { " \"\($0)\"" } ?? ""
                    print("  \(index + 1). \(candidate.command.shortcut)\(title) \(candidate.command.action?.name ?? "") from \(candidate.provider)"
                          + "  [bucket \(candidate.bucket), fidelity \(candidate.fidelity)\(candidate.deferred ? ", deferred" : "")]")
                    print("     → \(candidate.verdict.text)\(candidate.target.map { " (target \($0))" } ?? "")")
                }
                if let winner = explanation.winner {
                    print("result: performs \(winner.command.action?.name ?? "") on \(winner.target?.description ?? "?")")
                } else if explanation.candidates.contains(where: { $0.verdict == .deferredBehindTextInput }) {
                    if let edit = explanation.textInputEdit {
                        print("result: text input uses the key (\(edit)); the deferred command does not run")
                    } else {
                        print("result: text input declines the key; the deferred command runs")
                    }
                } else {
                    print("result: no command fires; the press goes to pressesBegan along the chain")
                }
            }
        }

        private func keystroke(for shortcut: KeyShortcut, layout: KeyboardLayout) -> KeyboardLayout.Keystroke? {
            switch shortcut.input {
            case .special(let special): return .init(usage: special.usage, modifiers: shortcut.modifiers)
            case .character(let string):
                // The key that types the character with the shortcut's modifiers, else one needing extra modifiers.
                let strokes = layout.keystrokes(typing: Character(string)).filter { !$0.usage.isKeypad }
                guard let stroke = strokes.first(where: { $0.modifiers.isEmpty }) ?? strokes.first else { return nil }
                return .init(usage: stroke.usage, modifiers: shortcut.modifiers.union(stroke.modifiers))
            }
        }
    }
}

extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
