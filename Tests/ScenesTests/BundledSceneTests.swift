import Testing
import KeyTraceCore
import ResponderEngine
@testable import Scenes

@Suite struct BundledSceneTests {
    @Test(arguments: ["pdf-viewer", "app-store-tabs", "music-player", "canvas"])
    func bundledSceneLoadsWithAStableHash(name: String) throws {
        let runtime = try SceneRuntime(contentsOf: bundledScene(name))
        #expect(runtime.definition.name == name)
        #expect(runtime.definition.contentHash.count == 64)
        let again = try SceneRuntime(contentsOf: bundledScene(name))
        #expect(again.definition.contentHash == runtime.definition.contentHash)
        _ = try runtime.makeDispatcher()
    }

    @Test func R18_pdfViewerCommandRightMovesTheCaretInTheSearchFieldInsteadOfSwitchingTabs() throws {
        var scene = try LiveScene("pdf-viewer")
        try scene.runtime.focus("window/viewer/reader/document/search")
        scene.type("page")
        scene.press("cmd+left")
        #expect(scene.value("window/viewer/reader/document/search.caret") == "0")
        let right = scene.press("cmd+right")
        #expect(right.outcome == .handledByTextInput)
        #expect(scene.value("window/viewer/reader/document/search.caret") == "4")
        #expect(scene.runtime.state["currentTab"] == 0)
        // Away from text input ⌘→ is Show Next Tab again.
        try scene.runtime.focus("window/viewer/reader/document/page")
        #expect(scene.press("cmd+right").action == "showNextTab:")
        #expect(scene.runtime.state["currentTab"] == 1)
    }

    @Test func pdfViewerResolvesItsDocumentedShortcuts() throws {
        var scene = try LiveScene("pdf-viewer")
        #expect(scene.firstResponder == "window/viewer/reader/document/page")
        #expect(scene.press("cmd+d").action == "addBookmark:")
        #expect(scene.runtime.state["bookmarks"] == 1)
        // ⌘W: Close Tab wins; Close All Other Tabs, the window's and the menu's ⌘W are shadowed.
        let close = scene.press("cmd+w")
        #expect(close.action == "closeTab:")
        #expect(scene.runtime.state["openTabs"] == 2)
        #expect(scene.press("opt+cmd+w").action == "closeAllTabs:")
        #expect(scene.runtime.state["openTabs"] == 0)
        // Validation: no tab left to close.
        let disabled = scene.press("cmd+w")
        #expect(disabled.outcome == .disabled)
        #expect(disabled.command?.action == "closeTab:")
        // Zoom through the page's scroll view: ⌘+ (⇧⌘=) and ⌘= (R8 pair).
        #expect(scene.press("shift+cmd+=").action == "zoomIn:")
        #expect(scene.press("cmd+=").action == "zoomIn:")
        #expect(scene.value("window/viewer/reader/document/page.zoom") == "156")
        #expect(scene.press("cmd+-").action == "zoomOut:")
        for (shortcut, mode) in [("cmd+2", "2"), ("cmd+5", "5"), ("cmd+1", "1")] {
            scene.press(shortcut)
            #expect(scene.value("state.viewMode") == mode)
        }
        #expect(scene.press("cmd+i").action == "toggleOutline:")  // shadows the menu's ⌘I italics
        #expect(scene.press("ctrl+cmd+s").action == "toggleSidebar:")
        #expect(scene.runtime.state["sidebarShown"] == 0)
        // Full screen: Esc exits only while in full screen (a command that depends on state).
        #expect(scene.press("esc").outcome == .unhandled)
        scene.press("ctrl+cmd+f")
        #expect(scene.press("esc").action == "toggleFullScreen:")
        #expect(scene.runtime.state["fullScreen"] == 0)
        // ⌘← is both Back (navigation) and Show Previous Tab: the navigation controller is closer,
        // but Back is disabled at the root, so the press ends disabled — nothing falls through.
        #expect(scene.press("cmd+left").outcome == .disabled)
        #expect(scene.press("cmd+right").action == "showNextTab:")
        // ⌘F moves focus into the search field, where typing is text input.
        scene.press("cmd+f")
        #expect(scene.firstResponder == "window/viewer/reader/document/search")
        scene.type("lemma")
        #expect(scene.value("window/viewer/reader/document/search.text") == "lemma")
    }

    @Test func pdfViewerCollisionsOnCommandAAndModals() throws {
        var scene = try LiveScene("pdf-viewer")
        // ⌥⌘A focuses the annotations; ⌘A there is the annotations' own Select All.
        #expect(scene.press("opt+cmd+a").action == "selectAllAnnotations:")
        #expect(scene.firstResponder == "window/viewer/reader/document/annotations")
        let annotations = scene.press("cmd+a")
        #expect(annotations.provider?.path == "window/viewer/reader/document/annotations")
        #expect(annotations.command?.title == "Select All Annotations")
        #expect(scene.value("window/viewer/reader/document/annotations.selection") == "0,1,2")
        // ⌘A on the thumbnails comes from the main menu and selects every page.
        try scene.runtime.focus("window/viewer/reader/document/thumbnails")
        let pages = scene.press("cmd+a")
        #expect(pages.provider === scene.runtime.application)
        #expect(scene.value("window/viewer/reader/document/thumbnails.selection") == "0,1,2,3,4,5,6,7")
        // Activating a thumbnail pushes a page; Back pops it.
        scene.press("down")
        scene.press("return")
        #expect(scene.value("window/viewer/reader.stack") == "document,pageDetail")
        #expect(scene.press("cmd+b").action == "bookmarkPage:")
        #expect(scene.press("cmd+[").action == "popViewController:")
        #expect(scene.value("window/viewer/reader.stack") == "document")
        // ⌘G presents Go To Page; typing goes into its field; Return sends the field's return action
        // (text input consumes it, so the controller's deferred Go command does not fire, §G).
        scene.press("cmd+g")
        #expect(scene.value("window.presented") == "goToPage")
        #expect(scene.firstResponder == "window/viewer/goToPage/number")
        scene.type("12")
        let go = scene.press("return")
        #expect(go.outcome == .handledByTextInput)
        #expect(go.action == nil)
        #expect(scene.value("window.presented") == "none")
        #expect(scene.runtime.state["pagesJumped"] == 1)
        // In the Share modal ⌘W closes a tab, not the modal: the viewer's Close Tab is closer than
        // the window's Close (the "why does ⌘W close the tab and not the window?" case).
        scene.press("cmd+s")
        #expect(scene.value("window.presented") == "share")
        #expect(scene.press("cmd+w").action == "closeTab:")
        #expect(scene.press("esc").action == "dismissModal:")
        #expect(scene.value("window.presented") == "none")
        // Go To Page refocuses the page after its dismissal; the window's Esc leaves no first
        // responder, so the viewer's ⌘G cannot fire (R10).
        #expect(scene.firstResponder == "(none)")
        #expect(scene.press("cmd+g").outcome == .unhandled)
        // ⌘, shows settings: the window's command works without a first responder.
        #expect(scene.press("cmd+,").action == "showSettings:")
        #expect(scene.value("window.presented") == "settings")
    }

    @Test func appStoreTabsSwitchWithCommandNumbers() throws {
        var scene = try LiveScene("app-store-tabs")
        let titles = ["Today", "Games", "Apps", "Updates", "Search"]
        for (index, title) in titles.enumerated() {
            let resolution = scene.press("cmd+\(index + 1)")
            #expect(resolution.action == "selectTab:")
            #expect(resolution.command?.title == title)
            #expect(scene.value("window/tabs.selectedTab") == String(index))
        }
        #expect(scene.firstResponder == "window/tabs/search/field")
        scene.type("keyboard")
        #expect(scene.value("window/tabs/search/field.text") == "keyboard")
        let search = scene.press("return")  // the field's return action, not the deferred runSearch: (§G)
        #expect(search.outcome == .handledByTextInput)
        #expect(scene.value("window/tabs/search/field.returns") == "1")
        #expect(scene.runtime.state["searches"] == 1)
        // ⌘6 does not exist: unhandled.
        #expect(scene.press("cmd+6").outcome == .unhandled)
        scene.press("cmd+4")
        #expect(scene.firstResponder == "window/tabs/updates/list")
        #expect(scene.press("cmd+u").action == "updateAll:")
        scene.press("down")
        #expect(scene.value("window/tabs/updates/list.selectedRow") == "0")
    }

    @Test func musicPlayerSpaceAndStandardEditActions() throws {
        var scene = try LiveScene("music-player")
        #expect(scene.press("space").action == "playPause")
        #expect(scene.runtime.state["playing"] == 1)
        scene.press("space")
        #expect(scene.runtime.state["playing"] == 0)
        scene.press("cmd+l")
        #expect(scene.firstResponder == "window/player/songs/list")
        let all = scene.press("cmd+a")
        #expect(all.action == .selectAll && all.provider === scene.runtime.application)
        #expect(scene.press("cmd+c").action == .copy)
        #expect(scene.runtime.application.pasteboard.hasPrefix("Blue in Green\nSo What"))
        scene.press("up")
        #expect(scene.press("cmd+v").action == .paste)
        #expect(scene.value("window/player/songs/list.rows") == "10")
        // Space in the list activates the row (the table is closer than the player's Play/Pause).
        scene.press("space")
        #expect(scene.runtime.state["songsStarted"] == 1)
        #expect(scene.press("esc").action == "clearSelection:")
    }

    @Test func canvasMovesOnRawPressesAndSelectsWithShift() throws {
        var scene = try LiveScene("canvas")
        let began = scene.press("right", hold: 160_000_000)
        #expect(began.outcome == .deliveredAsPress)
        #expect(scene.value("window/editor/canvas.position") == "100,0")
        // Shift held while moving selects.
        scene.timestamp += 10_000_000
        let d = scene.dispatcher
        d.dispatch(KeyPress(.began, .downArrow, timestamp: scene.timestamp))
        d.dispatch(KeyPress(.began, .leftShift, modifiers: .shift, timestamp: scene.timestamp + 16_000_000))
        #expect(scene.value("window/editor/canvas.moving") == "Down Arrow")
        d.dispatch(KeyPress(.ended, .downArrow, modifiers: .shift, timestamp: scene.timestamp + 48_000_000))
        d.dispatch(KeyPress(.ended, .leftShift, timestamp: scene.timestamp + 50_000_000))
        #expect(scene.value("window/editor/canvas.position") == "100,30")
        #expect(scene.value("window/editor/canvas.selectedMoves") == "1")
        #expect(scene.press("cmd+d").action == "duplicateShape:")
    }

    @Test func R20_aCancelledCanvasMoveKeepsTheMotionMadeWhileTheKeyWasDown() throws {
        let scene = try LiveScene("canvas")
        let d = scene.dispatcher
        d.dispatch(KeyPress(.began, .rightArrow, timestamp: 1_000_000_000))
        // 480 ms later the first responder moves: the canvas gets pressesCancelled then.
        d.lastDispatchTimestamp = 1_480_000_000
        scene.runtime.application.resignFirstResponder()
        #expect(scene.value("window/editor/canvas.position") == "300,0")  // 30 frames of 16 ms
        #expect(scene.value("window/editor/canvas.moving") == "")
        #expect(d.dispatch(KeyPress(.ended, .rightArrow, timestamp: 2_000_000_000)).outcome == .cancelled)
        #expect(scene.value("window/editor/canvas.position") == "300,0")
        // A keyboard disconnect cancels in the same way.
        try scene.runtime.focus("window/editor/canvas")
        d.dispatch(KeyPress(.began, .downArrow, timestamp: 3_000_000_000))
        #expect(d.keyboardDidDisconnect(at: 3_160_000_000) == 1)
        #expect(scene.value("window/editor/canvas.position") == "300,100")
    }
}
