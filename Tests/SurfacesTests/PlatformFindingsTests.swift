import CLITestSupport
import KeyTraceCore
import Scenes
import Surfaces
import Testing

/// The findings that need a platform (``PlatformFindings``), on the fixture scenes of
/// `Tests/SurfacesFixtures/findings`, one kind each, on both platforms where they differ.
@Suite struct PlatformFindingsTests {
    /// The findings of a fixture on `platform`.
    private func findings(_ name: String, on platform: Platform) throws -> [PlatformFinding] {
        let runtime = try SceneRuntime(contentsOf: "\(repositoryRoot)/Tests/SurfacesFixtures/findings/\(name).json")
        runtime.application.platformVersion = PlatformVersion(platform)
        return try PlatformFindings(runtime: runtime).findings
    }

    private func kinds(_ found: [PlatformFinding], _ kind: PlatformFinding.Kind) -> [String] {
        found.filter { $0.kind == kind }.map { "\($0.responder) \($0.action)" }
    }

    @Test func aCommandOnlyInKeyCommandsIsNotInTheMacMenuBar() throws {
        let mac = try findings("not-in-menu-bar", on: .catalyst)
        #expect(kinds(mac, .notInMenuBar) == ["window/feed refresh:"], "Mark Read is in the Feed menu, Show Toolbar in View; Debug Dump is hidden")
        let message = try #require(mac.first { $0.kind == .notInMenuBar }?.message)
        #expect(message.hasPrefix("Refresh (⌘R, refresh:) on window/feed is only in keyCommands"))
        #expect(message.contains("add it to a menu of the main menu"))
        #expect(kinds(try findings("not-in-menu-bar", on: .ipad), .notInMenuBar).isEmpty, "the iPad overlay lists it")
    }

    @Test func aKeylessMenuItemWhoseActionHasAConventionalShortcutIsFoundOnBothPlatforms() throws {
        let mac = try findings("no-conventional-shortcut", on: .catalyst)
        #expect(kinds(mac, .noConventionalShortcut) == ["menu:file newDocument:", "menu:file save:"])
        let save = try #require(mac.first { $0.action == "save:" })
        #expect(save.shortcut == nil)
        #expect(save.message == "Save (save:) in File ▸ Save has no key equivalent; by convention save: is ⌘S (cmd+s), "
            + "and the Mac menu bar shows it with no key equivalent: give it ⌘S")
        let pad = try findings("no-conventional-shortcut", on: .ipad)
        #expect(kinds(pad, .noConventionalShortcut) == ["menu:file newDocument:", "menu:file save:"])
        #expect(pad.contains { $0.message.contains("the ⌘-hold overlay lists only commands with a key") })
    }

    @Test func anAppShortcutOnAStandardMacItemsKeyIsFoundOnMacCatalystOnly() throws {
        let mac = try findings("standard-shortcut-taken", on: .catalyst)
        #expect(Set(kinds(mac, .standardShortcutTaken)) == [
            "window/outline toggleTree:", "window/outline quickLook:", "window/outline closeRow:", "menu:com.example.outline moveUp:",
        ], "copy: on ⌘C is the standard action")
        let quit = try #require(mac.first { $0.kind == .standardShortcutTaken && $0.action == "quickLook:" })
        #expect(quit.message.contains("the key of the Mac's standard standard-shortcut-taken ▸ Quit standard-shortcut-taken (terminate:)"))
        #expect(quit.message.contains("macOS takes ⌘Q before the app"))
        let fonts = try #require(mac.first { $0.kind == .standardShortcutTaken && $0.action == "toggleTree:" })
        #expect(fonts.message.contains("Format ▸ Font ▸ Show Fonts (orderFrontFontPanel:)"))
        #expect(fonts.message.contains("the key fires the app's command instead of the item's"))
        let minimize = try #require(mac.first { $0.kind == .standardShortcutTaken && $0.action == "moveUp:" })
        #expect(minimize.message.contains("Window ▸ Minimize (performMiniaturize:): macOS takes ⌘M before the app"))
        #expect(mac.contains { $0.action == "closeRow:" && $0.message.contains("File ▸ Close (close:)") })
        #expect(kinds(try findings("standard-shortcut-taken", on: .ipad), .standardShortcutTaken).isEmpty)
    }

    @Test func aCommandWithoutTheTitleItsPlatformShowsIsFoundEachPlatformsWay() throws {
        let mac = try findings("untitled-on-platform", on: .catalyst)
        #expect(kinds(mac, .untitled) == ["menu:com.example.sync sync:"], "the menu bar draws the title, not the discoverability title")
        let pad = try findings("untitled-on-platform", on: .ipad)
        #expect(kinds(pad, .untitled) == ["window/editor jump:"], "the overlay lists Sync Now")
        #expect(pad[0].message.contains("the ⌘-hold overlay does not list it"))
    }

    @Test func aCommandDisabledOnEveryScreenIsFoundAndOneAStateEnablesIsNot() throws {
        for platform in Platform.allCases {
            let found = try findings("disabled-on-every-screen", on: platform)
            #expect(kinds(found, .disabledOnEveryScreen) == ["menu:com.example.post publish:", "menu:com.example.post archive:"], "\(platform)")
            let publish = try #require(found.first { $0.action == "publish:" })
            #expect(publish.message.contains("disabled on every screen that offers it (initial, sharing), by validate(_:)"))
            #expect(found.contains { $0.action == "archive:" && $0.message.contains("by its \"disabled\" attribute") })
        }
    }

    @Test func aSceneWithNothingToFindHasNoFindings() throws {
        for name in ["insert-start-end", "inline-group", "removed-format"] {
            let runtime = try SceneRuntime(contentsOf: "\(repositoryRoot)/Tests/SurfacesFixtures/\(name).json")
            #expect(try PlatformFindings(runtime: runtime).findings.map(\.summary) == [], "\(name)")
        }
        #expect(PlatformFindings.rules.map(\.kind) == PlatformFinding.Kind.allCases, "one rule per kind, in the kinds' order")
    }
}
