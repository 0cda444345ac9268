import KeyTraceCore
import Testing
@testable import Scenes

/// The scene writer (`SceneDefinition+Writing.swift`) against its reader: what is written reads
/// back as the definition it came from, in the layout of `JSONValue.prettyCanonicalText`; and the
/// structural checks a built definition gets (`SceneDefinition+Structure.swift`) against the
/// reader's.
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
        // Its hash is of the text read, as for any scene file.
        #expect(again.contentHash == SHA256.hex(of: try JSONParser.parse(written).canonicalUTF8))
    }

    /// With its state values and actions in sorted order, a scene's written text is the pretty
    /// canonical text of its JSON: the writer lays out as `prettyCanonicalText` does and sorts
    /// every fixed field.
    @Test(arguments: BundledScenes.names)
    func writtenTextIsThePrettyCanonicalTextOfItsJSON(name: String) throws {
        var definition = try SceneDefinition(json: try #require(BundledScenes.json(named: name)), file: name)
        let precedes = { (a: String, b: String) in a.utf8.lexicographicallyPrecedes(b.utf8) }
        definition.state.sort { precedes($0.name, $1.name) }
        func sortActions(_ node: inout NodeDefinition) {
            node.actions.sort { precedes($0.action, $1.action) }
            for index in node.children.indices { sortActions(&node.children[index]) }
            for index in node.views.indices { sortActions(&node.views[index]) }
        }
        for index in definition.windows.indices { sortActions(&definition.windows[index]) }
        for index in definition.controllers.indices { sortActions(&definition.controllers[index]) }
        if definition.application != nil { sortActions(&definition.application!) }
        if definition.appDelegate != nil { sortActions(&definition.appDelegate!) }
        let written = definition.jsonText
        #expect(written == (try JSONParser.parse(written).prettyCanonicalText) + "\n")
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
        let typing = NodeDefinition(kind: .view, name: "typing", title: "Typing \"quoted\"", keyInput: true)
        let main = NodeDefinition(
            kind: .viewController, name: "main", title: "Main", commands: [SceneDefinition.CommandDefinition(close, condition: tabs),
                                                                         SceneDefinition.CommandDefinition(left, whileFirstResponder: true)],
            actions: [.init(action: "zeta:", effects: effects), .init(action: "alpha:")],
            validations: [SceneValidation(action: "closeTab:", disabledWhen: SceneCondition(state: "tabs", .atMost, 0), title: "Nothing")],
            refusals: [SceneRefusal(action: "paste:", when: SceneCondition(state: "mode", .notEquals, 1))],
            addedCommands: [SceneDefinition.CommandDefinition(left, hasTitle: true)], canBecomeFirstResponder: false, keyInput: true,
            keyCommandsGetter: KeyCommandsGetter(builds: 4, computed: true, costly: ["localization"]),
            children: [NodeDefinition(kind: .viewController, name: "child")],
            views: [list, field, scroll, typing, NodeDefinition(kind: .canvas, name: "canvas")],
            focus: "list", barButtons: [SceneDefinition.CommandDefinition(left)])
        var keyless = SceneDefinition.CommandDefinition(KeyCommand(title: "Export", input: .character(""), action: "export:"))
        keyless.isKeyless = true
        return SceneDefinition(
            name: "every-field", summary: "Every field", layout: "de-qwertz", rightToLeft: true, commandsBeforeTextInput: true,
            platform: PlatformVersion(.catalyst, OSVersion(18, 2)),
            state: [.init(name: "tabs", initial: 2), .init(name: "mode", initial: 0)],
            menus: [.init(identifier: "document", title: "Document", placement: .child(parent: "file", atStart: true), commandsAtStart: true,
                          commands: [SceneDefinition.CommandDefinition(KeyCommand(input: .character("n"), modifierFlags: [.command], action: "new:")),
                                     keyless],
                          removing: [KeyShortcut(input: .character("w"), modifiers: [.command])]),
                    .init(identifier: "tools", title: "tools", placement: .after(sibling: "view"), isInline: true),
                    .init(identifier: "extras", placement: .before(sibling: "help")),
                    .init(identifier: "format", removesMenu: true)],
            windows: [NodeDefinition(kind: .window, name: "window", children: [main])],
            controllers: [NodeDefinition(kind: .navigationController, name: "settings", children: [NodeDefinition(kind: .viewController, name: "detail")])],
            firstResponder: "window/main/list",
            application: NodeDefinition(kind: .responder, name: "application", actions: [.init(action: "quit:")]),
            appDelegate: NodeDefinition(kind: .responder, name: "delegate", next: "application"),
            states: [SceneState(name: "settings", summary: "Settings open", steps: [.init(effect: .present("settings")),
                                                                                  .init(effect: .focus("window/main/search"), from: "window/main")],
                                firstResponder: "window/main/search"),
                     SceneState(name: "counted", steps: [.init(effect: .increment("tabs", 2)), .init(effect: .set("mode", 1), from: "window/main")])])
    }()

    @Test func aSceneGivingEveryFieldReadsBackEqual() throws {
        let definition = Self.everyField
        let read = try SceneDefinition(json: definition.jsonText)
        #expect(unhashed(read) == definition)
        #expect(read.menus.map(\.hasTitle) == [true, true, false, false])
        #expect(read.menus[1].title == "tools")
        #expect(read.menus[2].title == "extras")
        // The checks a built scene gets without being written pass it, as the reader does.
        try definition.checkStructure(file: "built")
    }

    @Test func nodesAndStatesOfABuiltSceneCarryTheJSONPathsOfItsText() {
        let main = Self.everyField.windows[0].children[0]
        #expect(main.jsonPath == "windows[0].root")
        #expect(main.views[1].jsonPath == "windows[0].root.views[1]")
        #expect(main.children[0].jsonPath == "windows[0].root.children[0]")
        #expect(Self.everyField.controllers[0].children[0].jsonPath == "controllers[0].children[0]")
        #expect(Self.everyField.appDelegate?.jsonPath == "appDelegate")
        #expect(Self.everyField.states.map(\.jsonPath) == ["states[0]", "states[1]"])
    }

    @Test func aBuiltSceneHasNoContentHashUntilItsTextIsRead() throws {
        #expect(Self.everyField.contentHash.isEmpty)
        let read = try SceneDefinition(json: Self.everyField.jsonText)
        #expect(read.contentHash.count == 64)
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

    @Test func aFieldItsKindDoesNotTakeIsWrittenAndRefusedOnReading() throws {
        let view = NodeDefinition(kind: .view, name: "plain", rows: ["stray"])
        let scene = SceneDefinition(name: "stray", windows: [NodeDefinition(
            kind: .window, name: "window", children: [NodeDefinition(kind: .viewController, name: "root", views: [view])])])
        #expect(scene.jsonText.contains("\"rows\": [\"stray\"]"))
        #expect(throws: SceneError.self) { try SceneDefinition(json: scene.jsonText) }
    }

    /// The errors a scene whose root holds `views` (and `children`) gets when built and checked,
    /// and when written and read.
    func structureErrors(views: [NodeDefinition], children: [NodeDefinition] = [],
                         application: NodeDefinition? = nil, states: [SceneState] = []) -> (built: SceneError?, read: SceneError?) {
        let root = NodeDefinition(kind: .viewController, name: "root", children: children, views: views)
        let scene = SceneDefinition(name: "broken", windows: [NodeDefinition(kind: .window, name: "window", children: [root])],
                                    application: application, states: states)
        var built: SceneError?
        var read: SceneError?
        do { try scene.checkStructure(file: "scene") } catch { built = error }
        do { _ = try SceneDefinition(json: scene.jsonText, file: "scene") } catch { read = error }
        return (built, read)
    }

    /// An error's message from its JSON path on: the reader's also gives the line and column.
    func fromPath(_ error: SceneError?) -> String? {
        guard let error else { return nil }
        let text = error.description
        guard let path = error.path, let range = text.range(of: path + ": ") else { return text }
        return String(text[range.lowerBound...])
    }

    /// The structural checks a built scene gets are the reader's own: the same error, at the
    /// same JSON path, as reading its text gives.
    @Test func aBuiltSceneFailsTheStructuralChecksItsTextFails() {
        let cases: [(built: SceneError?, read: SceneError?)] = [
            structureErrors(views: [NodeDefinition(kind: .view, name: "a/b")]),
            structureErrors(views: [NodeDefinition(kind: .view, name: "")]),
            structureErrors(views: [NodeDefinition(kind: .view, name: "same"), NodeDefinition(kind: .textField, name: "same")]),
            structureErrors(views: [NodeDefinition(kind: .viewController, name: "controller")]),
            structureErrors(views: [], children: [NodeDefinition(kind: .view, name: "view")]),
            structureErrors(views: [], application: NodeDefinition(kind: .responder, name: "app")),
            structureErrors(views: [], application: NodeDefinition(kind: .responder, name: "application",
                                                                   views: [NodeDefinition(kind: .view, name: "v")])),
            structureErrors(views: [], states: [SceneState(name: "initial", steps: [])]),
            structureErrors(views: [], states: [SceneState(name: "twice", steps: []), SceneState(name: "twice", steps: [])]),
            structureErrors(views: [], states: [SceneState(name: "shown", steps: [.init(effect: .present("missing"))])]),
            structureErrors(views: [], states: [SceneState(name: "counted", steps: [.init(effect: .toggle("undeclared"))])]),
        ]
        for (built, read) in cases {
            #expect(built != nil)
            #expect(fromPath(built) == fromPath(read))
        }
    }
}
