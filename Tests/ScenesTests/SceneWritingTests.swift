import Testing
import KeyTraceCore
@testable import Scenes

/// The scene writer (`SceneDefinition+Writing.swift`) against its reader: what is written reads
/// back as the definition it came from.
@Suite struct SceneWritingTests {
    /// `definition` without its content hash, which names the text it was read from (written
    /// text differs from a hand-written file in layout and spelling, so its hash does).
    func unhashed(_ definition: SceneDefinition) -> SceneDefinition {
        var copy = definition
        copy.contentHash = ""
        return copy
    }

    @Test(arguments: BundledScenes.names)
    func everyBundledSceneReadsBackEqualOnceWritten(name: String) throws {
        let json = try #require(BundledScenes.json(named: name))
        let read = try SceneDefinition(json: json, file: name)
        let written = read.jsonText
        let again = try SceneDefinition(json: written, file: "\(name) (written)")
        #expect(unhashed(again) == unhashed(read))
        // Written text is the writer's fixed point: writing what it reads gives the same bytes.
        #expect(again.jsonText == written)
    }

    @Test func bundledScenesKeepTheirStateAndActionOrderWhenWritten() throws {
        let json = try #require(BundledScenes.json(named: "text-editor"))
        let read = try SceneDefinition(json: json)
        let again = try SceneDefinition(json: read.jsonText)
        #expect(again.state.map(\.name) == ["saves", "notes"])
        #expect(again.windows[0].children[0].actions.map(\.action) == read.windows[0].children[0].actions.map(\.action))
    }

    /// A scene that gives every field the reader takes something other than its default.
    static let everyField: SceneDefinition = {
        let close = KeyCommand(title: "Close", imageName: "xmark", discoverabilityTitle: "Close Tab", input: .character("w"),
                               modifierFlags: [.command], action: "closeTab:", upAction: "stop:", propertyList: "3",
                               attributes: [.destructive, .hidden], state: .mixed,
                               alternates: [KeyCommand.Alternate(title: "Close All", action: "closeAll:", modifierFlags: [.alternate])],
                               wantsPriorityOverSystemBehavior: true, allowsAutomaticMirroring: false, repeatBehavior: .nonRepeatable)
        let left = KeyCommand(input: .special(.leftArrow), modifierFlags: [.shift, .control, .alternate, .command], action: "back:")
        let tabs = SceneCondition(state: "tabs", .atLeast, 1)
        let effects: [SceneEffect] = [.focus("window/main/list"), .present("settings"), .dismiss, .set("tabs", -3), .increment("tabs", 1),
                                      .increment("tabs", 5), .toggle("mode"), .push("detail"), .pop, .selectTab(2), .updateKeyCommands,
                                      .rebuildMainMenu]
        let list = NodeDefinition(kind: .table, name: "list", rows: ["One", "Two"], multipleSelection: false, onActivate: [.toggle("mode")])
        let field = NodeDefinition(kind: .textField, name: "search", text: "find me", onActivate: [.dismiss])
        let scroll = NodeDefinition(kind: .scroll, name: "page", contentHeight: 0, pageHeight: 900, lineHeight: 10)
        let main = NodeDefinition(
            kind: .viewController, name: "main", title: "Main", commands: [SceneDefinition.CommandDefinition(close, condition: tabs)],
            actions: [.init(action: "zeta:", effects: effects), .init(action: "alpha:")],
            validations: [SceneValidation(action: "closeTab:", disabledWhen: SceneCondition(state: "tabs", .atMost, 0), title: "Nothing")],
            refusals: [SceneRefusal(action: "paste:", when: SceneCondition(state: "mode", .notEquals, 1))],
            addedCommands: [SceneDefinition.CommandDefinition(left, hasTitle: true)], canBecomeFirstResponder: false,
            keyCommandsGetter: KeyCommandsGetter(builds: 4, computed: true, costly: ["localization"]),
            children: [NodeDefinition(kind: .viewController, name: "child")], views: [list, field, scroll, NodeDefinition(kind: .canvas, name: "canvas")],
            focus: "list", barButtons: [SceneDefinition.CommandDefinition(left)])
        return SceneDefinition(
            name: "every-field", summary: "Every field", layout: "de-qwertz", rightToLeft: true, commandsBeforeTextInput: true,
            platform: PlatformVersion(.catalyst, OSVersion(18, 2)),
            state: [.init(name: "tabs", initial: 2), .init(name: "mode", initial: 0)],
            menus: [.init(identifier: "document", title: "Document", placement: .child(parent: "file", atStart: true), commandsAtStart: true,
                          commands: [SceneDefinition.CommandDefinition(KeyCommand(input: .character("n"), modifierFlags: [.command], action: "new:"))],
                          removing: [KeyShortcut(input: .character("w"), modifiers: [.command])]),
                    .init(identifier: "tools", title: "Tools", placement: .after(sibling: "view"), isInline: true),
                    .init(identifier: "format", removesMenu: true)],
            windows: [NodeDefinition(kind: .window, name: "window", children: [main])],
            controllers: [NodeDefinition(kind: .navigationController, name: "settings", children: [NodeDefinition(kind: .viewController, name: "detail")])],
            firstResponder: "window/main/list",
            application: NodeDefinition(kind: .responder, name: "application", actions: [.init(action: "quit:")]),
            appDelegate: NodeDefinition(kind: .responder, name: "delegate", next: "application"))
    }()

    @Test func aSceneGivingEveryFieldReadsBackEqual() throws {
        let definition = Self.everyField
        let read = try SceneDefinition(json: definition.jsonText)
        #expect(unhashed(read) == definition)
        // The checks a built scene passes are the reader's own.
        _ = try SceneDefinition(checking: definition, file: "built")
    }

    @Test func nodesOfABuiltSceneCarryTheJSONPathsOfItsText() {
        let main = Self.everyField.windows[0].children[0]
        #expect(main.jsonPath == "windows[0].root")
        #expect(main.views[1].jsonPath == "windows[0].root.views[1]")
        #expect(main.children[0].jsonPath == "windows[0].root.children[0]")
        #expect(Self.everyField.controllers[0].children[0].jsonPath == "controllers[0].children[0]")
        #expect(Self.everyField.appDelegate?.jsonPath == "appDelegate")
    }

    @Test func anEmptyTitleIsWrittenAndAMissingOneIsNot() throws {
        let save = KeyCommand(input: .character("s"), modifierFlags: [.command], action: "save:")
        let window = NodeDefinition(kind: .window, name: "window", children: [NodeDefinition(
            kind: .viewController, name: "root",
            commands: [SceneDefinition.CommandDefinition(save, hasTitle: true), SceneDefinition.CommandDefinition(save)])])
        let text = SceneDefinition(name: "titles", windows: [window]).jsonText
        #expect(text.components(separatedBy: "\"title\": \"\"").count == 2)
        let read = try SceneDefinition(json: text)
        #expect(read.windows[0].children[0].commands.map(\.hasTitle) == [true, false])
    }

    @Test func writtenTextSortsFixedKeysAndKeepsDeclarationOrder() throws {
        let command = KeyCommand(input: .special(.upArrow), modifierFlags: [.shift, .command, .control, .alternate], action: "up:")
        let root = NodeDefinition(kind: .viewController, name: "root", commands: [SceneDefinition.CommandDefinition(command)],
                                  actions: [.init(action: "up:"), .init(action: "down:")])
        let scene = SceneDefinition(name: "order", state: [.init(name: "b", initial: 0), .init(name: "a", initial: 1)],
                                    windows: [NodeDefinition(kind: .window, name: "window", children: [root])])
        #expect(scene.jsonText == """
            {
              "format": "keytrace-scene",
              "layout": "us-ansi",
              "name": "order",
              "state": {
                "b": 0,
                "a": 1
              },
              "version": 1,
              "windows": [
                {
                  "name": "window",
                  "root": {
                    "actions": {
                      "up:": [],
                      "down:": []
                    },
                    "commands": [
                      {
                        "action": "up:",
                        "input": "UIKeyInputUpArrow",
                        "modifiers": ["opt","cmd","ctrl","shift"]
                      }
                    ],
                    "name": "root",
                    "type": "viewController"
                  },
                  "type": "window"
                }
              ]
            }

            """)
    }

    @Test func aFieldItsKindDoesNotTakeIsWrittenAndRefusedOnReading() {
        let view = NodeDefinition(kind: .view, name: "plain", rows: ["stray"])
        let scene = SceneDefinition(name: "stray", windows: [NodeDefinition(
            kind: .window, name: "window", children: [NodeDefinition(kind: .viewController, name: "root", views: [view])])])
        #expect(throws: SceneError.self) { try SceneDefinition(checking: scene, file: "built") }
    }
}
