import Testing
import KeyTraceCore
import ResponderEngine
@testable import Scenes

@Suite struct ComponentTests {
    private func live(_ root: String, firstResponder: String, rtl: Bool = false, window: String = "") throws -> LiveScene {
        let json = """
        {"format": "keytrace-scene", "version": 1, "name": "components", "direction": "\(rtl ? "rtl" : "ltr")",
         "controllers": [{"type": "viewController", "name": "detail", "focus": "body",
                          "views": [{"type": "scroll", "name": "body", "contentHeight": 2000, "pageHeight": 500}]}],
         "windows": [{"type": "window", "name": "window", \(window)"root": \(root)}],
         "firstResponder": "\(firstResponder)"}
        """
        let runtime = try SceneRuntime(definition: SceneDefinition(json: json), file: "components.json")
        return try LiveScene(runtime: runtime)
    }

    @Test func tableSelectsWrapsJumpsReordersAndDeletes() throws {
        var s = try live(#"{"type": "viewController", "name": "root", "views": [{"type": "table", "name": "list", "rows": ["a", "b", "c"]}]}"#,
                         firstResponder: "window/root/list")
        let table = try #require(s.runtime.responder(at: "window/root/list") as? TableView)
        s.press("down")
        #expect(table.selectedRow == 0)
        s.press("up")
        #expect(table.selectedRow == 2)  // wraps
        s.press("down")
        #expect(table.selectedRow == 0)  // wraps forward
        s.press("opt+down")
        #expect(table.selectedRow == 2)
        s.press("cmd+up")
        #expect(table.selectedRow == 0)
        s.press("opt+cmd+down")
        #expect(table.rows == ["b", "a", "c"] && table.selectedRow == 1)
        s.press("delete")
        #expect(table.rows == ["b", "c"])
        s.press("return")
        #expect(table.activationCount == 1)
        s.press("esc")
        #expect(table.selection.isEmpty)
        // With nothing selected, Return and Delete are disabled.
        #expect(s.press("return").outcome == .disabled)
        s.press("cmd+a")
        #expect(table.selection == [0, 1])
    }

    @Test func scrollViewScrollsByLinePageAndEndsAndZooms() throws {
        var s = try live(#"{"type": "viewController", "name": "root", "views": [{"type": "scroll", "name": "doc", "contentHeight": 3000, "pageHeight": 1000, "lineHeight": 50}]}"#,
                         firstResponder: "window/root/doc")
        let scroll = try #require(s.runtime.responder(at: "window/root/doc") as? ScrollView)
        s.press("down")
        #expect(scroll.offset == 50)
        s.press("pagedown")
        #expect(scroll.offset == 1050)
        s.press("space")
        #expect(scroll.offset == 2000)  // clamped to content − page
        s.press("shift+space")
        #expect(scroll.offset == 1000)
        s.press("home")
        #expect(scroll.offset == 0)
        s.press("cmd+down")
        #expect(scroll.offset == 2000)
        s.press("opt+up")
        #expect(scroll.offset == 1000)
        s.press("cmd+=")
        s.press("cmd+-")
        #expect(scroll.zoom == 100)
        s.press("cmd+=")
        s.press("cmd+0")
        #expect(scroll.zoom == 100)
        s.press("cmd+r")
        #expect(scroll.refreshCount == 1)
    }

    @Test func navigationGoesBackWithBracketAndArrowMirroredRightToLeft() throws {
        let root = #"""
        {"type": "navigationController", "name": "nav", "children": [
          {"type": "viewController", "name": "list", "focus": "table",
           "views": [{"type": "table", "name": "table", "rows": ["one"], "onActivate": [{"push": "detail"}]}]}]}
        """#
        for rtl in [false, true] {
            var s = try live(root, firstResponder: "window/nav/list/table", rtl: rtl)
            s.press("down")
            s.press("return")
            #expect(s.value("window/nav.stack") == "list,detail")
            #expect(s.firstResponder == "window/nav/detail/body")
            // In right-to-left scenes ⌘[ becomes ⌘] and ⌘← becomes ⌘→.
            let back = s.press(rtl ? "cmd+]" : "cmd+[")
            #expect(back.action == "popViewController:")
            #expect(s.value("window/nav.stack") == "list")
            s.press("return")
            #expect(s.press(rtl ? "cmd+right" : "cmd+left").action == "popViewController:")
            #expect(s.press(rtl ? "cmd+right" : "cmd+left").outcome == .unhandled)  // at the root: not offered
        }
    }

    @Test func R12_backIsOfferedOnlyWhileTheStackCanPopSoItNeverBlocksCommandLeftFartherUp() throws {
        // The navigation controller sits inside a controller whose ⌘← shows the previous tab.
        let root = #"""
        {"type": "viewController", "name": "tabs",
         "commands": [{"title": "Show Previous Tab", "shortcut": "cmd+left", "action": "previousTab:"}],
         "actions": {"previousTab:": [{"increment": "tab", "by": -1}]},
         "children": [{"type": "navigationController", "name": "nav", "children": [
           {"type": "viewController", "name": "list", "focus": "table",
            "views": [{"type": "table", "name": "table", "rows": ["one"], "onActivate": [{"push": "detail"}]}]}]}]}
        """#
        let json = """
        {"format": "keytrace-scene", "version": 1, "name": "nested", "state": {"tab": 5},
         "controllers": [{"type": "viewController", "name": "detail", "focus": "body",
                          "views": [{"type": "scroll", "name": "body"}]}],
         "windows": [{"type": "window", "name": "window", "root": \(root)}],
         "firstResponder": "window/tabs/nav/list/table"}
        """
        var s = try LiveScene(runtime: SceneRuntime(definition: SceneDefinition(json: json), file: "nested.json"))
        // At the root Back is not offered: ⌘← reaches Show Previous Tab.
        #expect(s.press("cmd+left").action == "previousTab:")
        #expect(s.runtime.state["tab"] == 4)
        #expect(s.runtime.dispatcher?.shadowedCommands().isEmpty == true)
        // With something pushed, Back is nearer and wins; Show Previous Tab is shadowed.
        s.press("down")
        s.press("return")
        #expect(s.value("window/tabs/nav.stack") == "list,detail")
        #expect(s.runtime.dispatcher?.shadowedCommands().contains { $0.command.action == "previousTab:" } == true)
        #expect(s.press("cmd+left").action == "popViewController:")
        #expect(s.runtime.state["tab"] == 4)
        #expect(s.press("cmd+left").action == "previousTab:")
    }

    @Test func windowDismissesModalsWithEscapeAndCommandW() throws {
        let root = #"{"type": "viewController", "name": "root", "canBecomeFirstResponder": true, "commands": [{"title": "Details", "shortcut": "cmd+i", "action": "show:"}], "actions": {"show:": [{"present": "detail"}]}}"#
        var s = try live(root, firstResponder: "window/root")
        for dismiss in ["esc", "cmd+w"] {
            s.focus("window/root")
            s.press("cmd+i")
            #expect(s.value("window.presented") == "detail")
            #expect(s.firstResponder == "window/root/detail/body")
            #expect(s.press(dismiss).action == "dismissModal:")
            #expect(s.value("window.presented") == "none")
            // The modal's first responder went with it, and nothing takes its place (R10): the
            // root's ⌘I cannot fire until the app makes something first responder again.
            #expect(s.firstResponder == "(none)")
            #expect(s.press("cmd+i").outcome == .unhandled)
        }
        // Without a modal, Esc has nothing to dismiss.
        #expect(s.press("esc").outcome == .unhandled)
    }

    /// UIKit's own window (`"dismissesModals": false`, as imported scenes say) leaves Esc and
    /// ⌘W to the app: the modal stays, and the scene writes the field back.
    @Test func aWindowThatDismissesNoModalLeavesEscapeToTheApp() throws {
        let root = #"{"type": "viewController", "name": "root", "canBecomeFirstResponder": true, "commands": [{"title": "Details", "shortcut": "cmd+i", "action": "show:"}], "actions": {"show:": [{"present": "detail"}]}}"#
        var s = try live(root, firstResponder: "window/root", window: #""dismissesModals": false, "#)
        s.press("cmd+i")
        #expect(s.value("window.presented") == "detail")
        #expect(s.press("esc").action != "dismissModal:")
        #expect(s.press("cmd+w").action != "dismissModal:")
        #expect(s.value("window.presented") == "detail")
        let written = s.runtime.definition.jsonText
        #expect(written.contains("\"dismissesModals\": false"))
        #expect(try SceneDefinition(json: written).windows.first?.dismissesModals == false)
        // Written in its sorted place among the window's keys.
        #expect(written == (try JSONParser.parse(written).prettyCanonicalText) + "\n")
    }

    @Test func textFieldTakesTypingCaretAndDelete() throws {
        var s = try live(#"{"type": "viewController", "name": "root", "views": [{"type": "textField", "name": "field", "text": "ab"}]}"#,
                         firstResponder: "window/root/field")
        s.type("c")
        s.press("left")
        s.press("left")
        s.type("X")
        s.press("delete")
        #expect(s.value("window/root/field.text") == "abc")
        s.type("Z")
        #expect(s.value("window/root/field.text") == "aZbc")
        #expect(s.value("window/root/field.caret") == "2")
    }
}

extension LiveScene {
    init(runtime: SceneRuntime) throws {
        self.runtime = runtime
        self.dispatcher = try runtime.makeDispatcher(policy: .cached, clock: nil)
    }
}
