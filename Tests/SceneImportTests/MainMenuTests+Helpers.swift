import Foundation
import Testing
@testable import SceneImport

/// The main menu an app builds through helpers of its own (`extension UIMenuBuilder`
/// methods, identifiers made at run time, closures handed UIKit's items), as
/// ``MainMenuTests`` checks the plain builder calls.
extension MainMenuTests {
    /// An app's own builder method that checks the menu is there (`menu(for:)`), wraps
    /// several elements in an inline menu (a single menu goes in as it is: `as? UIMenu` of a
    /// command is `nil`) and inserts through a closure reading its caller's parameter.
    @Test func anAppsCheckingBuilderHelperPlacesEachMenuWhereItsCallerSays() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            enum BuildError: Error { case missing }
            extension UIMenuBuilder {
                func add(_ elements: [UIMenuElement], afterMenu sibling: UIMenu.Identifier) throws {
                    try wrap(elements, near: sibling) { insertSibling($0, afterMenu: sibling) }
                }
                func add(_ elements: [UIMenuElement], atEndOf parent: UIMenu.Identifier) throws {
                    try wrap(elements, near: parent) { insertChild($0, atEndOfMenu: parent) }
                }
                private func wrap(_ elements: [UIMenuElement], near reference: UIMenu.Identifier, using insert: (UIMenu) -> Void) throws {
                    guard menu(for: reference) != nil else { throw BuildError.missing }
                    let wrapped: UIMenu
                    if elements.count == 1, let menu = elements.first as? UIMenu {
                        wrapped = menu
                    } else {
                        wrapped = UIMenu(title: "", options: .displayInline, children: elements)
                    }
                    insert(wrapped)
                }
            }
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    do {
                        try builder.add([UIKeyCommand(title: "Delete Row", action: #selector(deleteRow), input: "\u{8}", modifierFlags: [])],
                                        afterMenu: .standardEdit)
                        try builder.add([UIKeyCommand(title: "Refresh", action: #selector(refresh), input: "r", modifierFlags: .command)],
                                        atEndOf: .view)
                    } catch {
                        print(error)
                    }
                }
                @objc func deleteRow() {}
                @objc func refresh() {}
            }
            """])
        #expect(try menus(result) == [
            "imported-AppDelegate-group after=standardEdit inline [Delete Row]",
            "imported-AppDelegate-group-2 parent=view inline [Refresh]",
        ])
        let scene = try #require(try JSONSerialization.jsonObject(with: Data(result.scene.utf8)) as? [String: Any])
        #expect(scene["state"] == nil || (scene["state"] as? [String: Any])?.isEmpty == true)
        let bar = try menuBar(result)
        #expect(outline(bar.menus.first { $0.title == "View" }) == ["Refresh"])
        let edit = outline(bar.menus.first { $0.title == "Edit" }, appOnly: false)
        let selectAll = try #require(edit.firstIndex(of: "Select All"))
        #expect(edit[(selectAll + 1)...].prefix(3) == ["--", "Delete Row", "--"])
    }

    /// Identifiers joined from the bundle identifier, which only the run time knows, and a
    /// fixed suffix name one menu each, so menus placed relative to one another land in order;
    /// a helper's `options` parameter keeps a group inline; a title a C localizing function
    /// gives is its key; a standard action in the app's own menu (Copy Link, `copy:`) is the app's.
    @Test func identifiersJoinedFromARunTimePartNameOneMenuEach() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    let tools = group(text("Tools"), "tools", [UICommand(title: text("Star Browser"), action: #selector(stars)),
                                                               UIKeyCommand(title: "Copy Link", action: #selector(copy(_:)), input: "c", modifierFlags: .command)],
                                      options: [])
                    builder.insertSibling(tools, afterMenu: .view)
                    let time = group("Time", "time", [UIKeyCommand(title: "Faster", action: #selector(faster), input: "l", modifierFlags: [])], options: [])
                    builder.insertSibling(time, afterMenu: tools.identifier)
                    builder.insertChild(group("", "tools.more", [UICommand(title: "Add-ons", action: #selector(addons))]), atEndOfMenu: tools.identifier)
                }
                // A localizing function of a C library outside the source, handed the key's bytes.
                private func text(_ key: StaticString) -> String {
                    let string = key.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
                    return LocalizedString(string, "app")
                }
                private func group(_ title: String, _ suffix: String, _ children: [UIMenuElement], options: UIMenu.Options = .displayInline) -> UIMenu {
                    let prefix = Bundle.main.bundleIdentifier! + "."
                    return UIMenu(title: title, identifier: UIMenu.Identifier(prefix + suffix), options: options, children: children)
                }
                @objc func stars() {}
                @objc func faster() {}
                @objc func addons() {}
            }
            """])
        let bar = try menuBar(result)
        #expect(titles(bar) == ["App", "File", "Edit", "Format", "View", "Tools", "Time", "Window", "Help"])
        #expect(outline(bar.menus[5]) == ["Star Browser", "Copy Link", "--", "Add-ons"])
        #expect(outline(bar.menus[6]) == ["Faster"])
    }

    /// `replaceChildren(ofMenu: .standardEdit) { old in … }` is handed UIKit's own items:
    /// the closure's test of each item's action keeps, drops or replaces it, and the app's
    /// commands land where it puts them, the standard items staying UIKit's.
    @Test func aReplaceChildrenClosureIsHandedUIKitsItems() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    let deleteRows = UIKeyCommand(title: "Delete Rows", action: #selector(deleteRows), input: "\u{8}", modifierFlags: [])
                    let copyLink = UICommand(title: "Copy Link", action: #selector(copyLink))
                    builder.replaceChildren(ofMenu: .standardEdit) { oldElements in
                        var newElements = [UIMenuElement]()
                        for oldElement in oldElements {
                            if let oldCommand = oldElement as? UICommand {
                                switch oldCommand.action {
                                case #selector(UIResponderStandardEditActions.delete):
                                    newElements.append(deleteRows)
                                case #selector(UIResponderStandardEditActions.copy):
                                    newElements.append(oldElement)
                                    newElements.append(copyLink)
                                case #selector(UIResponderStandardEditActions.pasteAndMatchStyle):
                                    break
                                default:
                                    newElements.append(oldElement)
                                }
                            }
                        }
                        return newElements
                    }
                }
                @objc func deleteRows() {}
                @objc func copyLink() {}
            }
            """])
        let bar = try menuBar(result)
        let edit = bar.menus.first { $0.title == "Edit" }
        let all = outline(edit, appOnly: false)
        let cut = try #require(all.firstIndex(of: "Cut"))
        #expect(Array(all[cut...].prefix(7)) == ["Cut", "Copy", "Copy Link", "Paste", "Delete Rows", "Select", "Select All"])
        #expect(outline(edit) == ["Copy Link", "Delete Rows"])
        #expect(result.report.stateFlags.isEmpty)
    }

    /// `UIMenu(inlineChildren: […])`, an initialiser of the app's own in `extension UIMenu`
    /// that passes its children on with `.displayInline`: the menu is the one its `self.init`
    /// builds, its commands in place. A `UIKeyCommand` initialiser of the app's still records the
    /// command where the app makes it.
    @Test func anAppsConvenienceMenuInitialiserBuildsTheMenuItPassesOn() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            extension UIMenu {
                convenience init(title: String = "", identifier: Identifier? = nil, options: Options = [], inlineChildren: [UIMenuElement]) {
                    self.init(title: title, identifier: identifier, options: options.union(.displayInline), children: inlineChildren)
                }
            }
            extension UIKeyCommand {
                convenience init(title: String, action: Selector, letter: String) {
                    self.init(title: title, action: action, input: letter, modifierFlags: .command)
                }
            }
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    let create = UIMenu(inlineChildren: [
                        UIKeyCommand(title: "New Entry", action: #selector(newEntry), letter: "n"),
                        UICommand(title: "New Group", action: #selector(newGroup)),
                    ])
                    builder.insertChild(create, atEndOfMenu: .edit)
                }
                @objc func newEntry() {}
                @objc func newGroup() {}
            }
            """])
        #expect(try menus(result) == ["imported-AppDelegate-group parent=edit inline [New Entry, New Group]"])
        let bar = try menuBar(result)
        #expect(outline(bar.menus.first { $0.title == "Edit" }) == ["New Entry", "New Group"])
        let entry = try #require(result.inventory.first { $0.action == "newEntry" })
        #expect(entry.line == 16)
    }

    /// `builder.menu(for: .about)?.children.first?.title` is the system's own item's title,
    /// the app's name in it as the scene names the app, so an About item an app rebuilds with
    /// its own action keeps the title the Mac shows.
    @Test func aLookedUpStandardGroupHandsOverTheSystemsItemTitles() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    let aboutTitle = builder.menu(for: .about)?.children.first?.title ?? "About"
                    builder.replace(menu: .about, with: UIMenu(options: .displayInline, children: [
                        UICommand(title: aboutTitle, action: #selector(showAbout)),
                    ]))
                    let settingsTitle = builder.menu(for: .preferences)?.children.first?.title ?? "Preferences"
                    builder.replace(menu: .preferences, with: UIMenu(options: .displayInline, children: [
                        UIKeyCommand(title: settingsTitle, action: #selector(showSettings), input: ",", modifierFlags: .command),
                    ]))
                }
                @objc func showAbout() {}
                @objc func showSettings() {}
            }
            """])
        let bar = try menuBar(result)
        #expect(outline(bar.menus.first) == ["About imported", "--", "Settings…"])
    }

    /// A looked-up group given other children (`replacingChildren(_:)`) and put back in its
    /// place holds those children, inline as the group is.
    @Test func aLookedUpGroupWithItsChildrenReplacedHoldsThem() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    var settings = builder.menu(for: .preferences) ?? UIMenu(title: "Settings", identifier: .preferences, options: .displayInline)
                    settings = settings.replacingChildren([
                        UIKeyCommand(title: "App Settings", action: #selector(showApp), input: ",", modifierFlags: .command),
                        UIKeyCommand(title: "Chat Settings", action: #selector(showChat), input: ",", modifierFlags: [.command, .shift]),
                    ])
                    builder.replace(menu: .preferences, with: settings)
                }
                @objc func showApp() {}
                @objc func showChat() {}
            }
            """])
        let bar = try menuBar(result)
        #expect(outline(bar.menus.first) == ["App Settings", "Chat Settings"])
    }
}


extension MainMenuTests {
    /// A menu item whose title the app picks at run time (`isRunning ? "Pause" : "Start"`) is
    /// in the menu, titled with its alternatives; an action whose title nothing fixes is not.
    @Test func anItemTitledAtRunTimeShowsItsAlternatives() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var isRunning = false
                var isSyncing = false
                override func buildMenu(with builder: UIMenuBuilder) {
                    let start = UIAction(title: isRunning ? "Pause" : "Start") { _ in }
                    let sync = UICommand(title: isSyncing ? "Stop Sync" : "Start Sync", action: #selector(toggleSync))
                    let unknown = UIAction(title: ProcessInfo.processInfo.hostName) { _ in }
                    builder.insertSibling(UIMenu(title: "Timer", identifier: UIMenu.Identifier("timer"), children: [start, sync, unknown]), afterMenu: .view)
                }
                @objc func toggleSync() {}
            }
            """])
        let bar = try menuBar(result)
        #expect(outline(bar.menus.first { $0.title == "Timer" }) == ["Pause / Start", "Stop Sync / Start Sync"])
    }

    /// SwiftUI's `Button(running ? "Pause" : "Start")` in a `CommandMenu`, with a shortcut or
    /// without, is titled the same way.
    @Test func aSwiftUICommandTitledAtRunTimeShowsItsAlternatives() throws {
        let result = try importing(["App.swift": """
            import SwiftUI
            @main
            struct TimerApp: App {
                @State private var running = false
                @State private var muted = false
                var body: some Scene {
                    WindowGroup { Text("Timer") }
                    .commands {
                        CommandMenu("Timer") {
                            Button(running ? "Pause" : "Start") { running.toggle() }
                                .keyboardShortcut("p", modifiers: .command)
                            Button(muted ? "Unmute" : "Mute") { muted.toggle() }
                        }
                    }
                }
            }
            """])
        #expect(result.inventory.first?.title == "Pause / Start")
        let bar = try menuBar(result)
        #expect(outline(bar.menus.first { $0.title == "Timer" }) == ["Pause / Start", "Unmute / Mute"])
    }
}

extension MainMenuTests {
    /// A `Commands` item whose modifiers the app reads at run time is left out of the menu
    /// once: the menu's copy of the row and the row itself are one entry of the report.
    @Test func aMenuItemLeftOutIsReportedOnce() throws {
        let result = try importing(["App.swift": """
            import SwiftUI
            @main
            struct NotesApp: App {
                var body: some Scene {
                    WindowGroup { Text("Notes") }
                    .commands { NoteCommands() }
                }
            }
            struct NoteCommands: Commands {
                @AppStorage("modifiers") var stored = 0
                var body: some Commands {
                    CommandMenu("Notes") {
                        Button("First") {}.keyboardShortcut("1", modifiers: EventModifiers(rawValue: stored))
                    }
                }
            }
            """])
        let rows = result.report.unresolved.filter { $0.command.declaredIn == "NoteCommands" }
        #expect(rows.count == 1, "\\(rows.map(\\.reason))")
    }
}
