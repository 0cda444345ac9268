import KeyTraceCore
import Testing
@testable import SceneImport
import Scenes

/// Calls into the app's own code (`Evaluator`): local functions and closures, protocol
/// adopters, instances the code builds, and stored lists other code fills.
extension ConstructTests {
    /// A function declared inside a getter runs in the getter's context: what it appends to
    /// the getter's list stays appended. `continue` ends a pass of an unrolled loop, a scalar
    /// built from a code (`String(UnicodeScalar(code))`) is that character, and iOS 13.4's
    /// `UIKeyCommand.f1` is F1.
    @Test func aLocalFunctionAppendsToTheGettersListAndContinueSkipsAPass() throws {
        let result = try importing([
            "Game.swift": """
                import UIKit
                class Board: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        var list = [UIKeyCommand(input: "\\r", modifierFlags: [], action: #selector(confirm(_:)))]
                        func bind(_ key: String, _ flags: UIKeyModifierFlags = []) {
                            list.append(UIKeyCommand(input: key, modifierFlags: flags, action: #selector(press(_:))))
                        }
                        bind(UIKeyCommand.f1)
                        bind(UIKeyCommand.inputHome, .command)
                        for code in 0x3D ..< (0x41 as UInt8) {
                            if code == 0x3F { continue }
                            bind(String(UnicodeScalar(code)))
                        }
                        return list
                    }
                    @objc func confirm(_ sender: Any) {}
                    @objc func press(_ sender: Any) {}
                }
                """,
        ])
        #expect(keys(result) == ["Board keyCommands = press:", "Board keyCommands > press:", "Board keyCommands @ press:",
                                 "Board keyCommands cmd+home press:", "Board keyCommands f1 press:", "Board keyCommands return confirm:"])
    }

    /// A closure written in a call of the app's own method on another type
    /// (`letters.each { letter in … }` with `extension String { func each(_:) }`) runs, when the
    /// method calls it, in the caller's context: what it appends to the caller's field stays
    /// appended. Swift 3's `characters` and `self.list! += […]` are read.
    @Test func aClosurePassedToAnotherTypesMethodRunsInItsCallersContext() throws {
        let result = try importing([
            "Each.swift": """
                extension String {
                    func each(_ body: (String) -> Void) {
                        for character in self.characters { body(String(character)) }
                    }
                }
                """,
            "Console.swift": """
                import UIKit
                let letters = "ab"
                class Console: UIViewController {
                    var list: [UIKeyCommand]?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        list = []
                        letters.each { letter in
                            [[], [.control]].map({ self.list! += [UIKeyCommand(input: letter, modifierFlags: $0, action: #selector(Console.send(_:)))] })
                        }
                    }
                    override var keyCommands: [UIKeyCommand]? { return list! }
                    @objc func send(_ sender: UIKeyCommand) {}
                }
                """,
        ])
        #expect(keys(result) == ["Console keyCommands a send:", "Console keyCommands b send:", "Console keyCommands ctrl+a send:",
                                 "Console keyCommands ctrl+b send:"])
    }

    /// A protocol extension's method that adds a command to `self` (`self as? UIViewController &
    /// Presentable`, then `addKeyCommand`) adds it to each adopter; a subclass of an adopter
    /// inherits it and does not repeat it.
    @Test func aProtocolExtensionsAddedCommandGoesToEachAdopter() throws {
        let result = try importing([
            "Present.swift": """
                import UIKit
                protocol Presentable { func didShow() }
                extension Presentable {
                    func present(from host: UIViewController) {
                        if let controller = self as? UIViewController & Presentable {
                            controller.addKeyCommand(UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: #selector(UIViewController.dismissSheet)))
                            host.present(controller, animated: true)
                        }
                    }
                }
                extension UIViewController { @objc func dismissSheet() {} }
                class Sheet: UIViewController, Presentable { func didShow() {} }
                class Picker: UIViewController, Presentable { func didShow() {} }
                class ColorPicker: Picker {}
                """,
        ])
        #expect(keys(result) == ["Picker addKeyCommand esc dismissSheet", "Sheet addKeyCommand esc dismissSheet"])
    }

    /// A requirement called on a field declared of the app's protocol type, whose instance is
    /// set at run time, runs each adopter's implementation with the caller's arguments; the
    /// commands are the caller's, each under the condition that the field holds that adopter.
    @Test func aProtocolRequirementOnAProtocolTypedFieldRunsEachAdoptersImplementation() throws {
        let result = try importing([
            "Games.swift": """
                import UIKit
                final class GameController: UIViewController {
                    protocol GameInput: AnyObject {
                        func makeKeyCommands(target: Any, action: Selector) -> [UIKeyCommand]
                    }
                    final class Snake: UIView, GameInput {
                        func makeKeyCommands(target: Any, action: Selector) -> [UIKeyCommand] {
                            ["w", "s"].map { UIKeyCommand(input: $0, modifierFlags: [], action: action) }
                        }
                    }
                    final class Pong: UIView, GameInput {
                        func makeKeyCommands(target: Any, action: Selector) -> [UIKeyCommand] {
                            [UIKeyCommand(input: UIKeyCommand.inputUpArrow, modifierFlags: [], action: action)]
                        }
                    }
                    private weak var activeGame: GameInput?
                    func start(_ game: GameInput) { activeGame = game }
                    override var keyCommands: [UIKeyCommand]? {
                        activeGame?.makeKeyCommands(target: self, action: #selector(handle(_:))) ?? []
                    }
                    @objc private func handle(_ command: UIKeyCommand) {}
                }
                """,
        ])
        #expect(keys(result) == [
            "GameController keyCommands s handle:", "GameController keyCommands up handle:", "GameController keyCommands w handle:",
        ])
        #expect(result.inventory.allSatisfy { $0.conditional })
    }

    @Test func protocolDefaultAndSharedHelper() throws {
        let result = try importing(["F.swift": """
            import UIKit
            protocol Refreshable {}
            extension Refreshable {
                var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(UIViewController.refresh))] }
            }
            enum SharedCommands {
                static func navigation() -> [UIKeyCommand] { [UIKeyCommand(input: "[", modifierFlags: .command, action: #selector(UIViewController.goBack))] }
            }
            class One: UIViewController, Refreshable {
                override var keyCommands: [UIKeyCommand]? { SharedCommands.navigation() }
            }
            class Two: UIViewController, Refreshable {
                override var keyCommands: [UIKeyCommand]? { SharedCommands.navigation() }
                @objc func refresh() {}
                @objc func goBack() {}
            }
            """])
        #expect(keys(result) == [
            "One keyCommands cmd+[ goBack", "One keyCommands cmd+r refresh",
            "Two keyCommands cmd+[ goBack", "Two keyCommands cmd+r refresh",
        ])
    }

    /// A helper property a protocol requires and a constrained extension implements, adopted
    /// through a composition alias (`typealias Navigable = Core & Relay`) and through a protocol
    /// that inherits it; the extension is in another file than the requirement.
    @Test func protocolHelpersThroughAliasesAndInheritedProtocols() throws {
        let result = try importing([
            "A.swift": """
                import UIKit
                typealias Navigable = NavigableCore & NavigableRelay
                protocol NavigableCore: AnyObject {
                    var navigationCommands: [UIKeyCommand] { get }
                }
                @objc protocol NavigableRelay: AnyObject {
                    func navigateRelay(_ sender: UIKeyCommand)
                }
                protocol StatusNavigable: NavigableCore {}
                final class Timeline: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { navigationCommands }
                }
                extension Timeline: Navigable {
                    @objc func navigateRelay(_ sender: UIKeyCommand) {}
                }
                final class Thread: UIViewController, StatusNavigable {
                    override var keyCommands: [UIKeyCommand]? { navigationCommands }
                    @objc func navigateRelay(_ sender: UIKeyCommand) {}
                }
                """,
            "B.swift": """
                import UIKit
                extension NavigableCore where Self: NavigableRelay {
                    var navigationCommands: [UIKeyCommand] {
                        ["j", "k"].map { UIKeyCommand(input: $0, modifierFlags: [], action: #selector(Self.navigateRelay(_:))) }
                    }
                }
                """,
        ])
        #expect(keys(result) == [
            "Thread keyCommands j navigateRelay:", "Thread keyCommands k navigateRelay:",
            "Timeline keyCommands j navigateRelay:", "Timeline keyCommands k navigateRelay:",
        ])
    }

    /// A controller whose `keyCommands` returns a stored array that a setter fills, called by
    /// another type with commands a manager builds: the commands are the controller's. A setter
    /// nobody calls leaves the array empty.
    @Test func aSetterFilledByAnotherTypeGivesTheCommandsItsCallersPass() throws {
        let result = try importing(["Shortcuts.swift": """
            import UIKit
            final class ShortcutHost: UIViewController {
                private var custom: [UIKeyCommand] = []
                override var keyCommands: [UIKeyCommand]? { custom }
                func setKeyCommands(_ commands: [UIKeyCommand]) { custom = commands }
            }
            final class Unused: UIViewController {
                private var custom: [UIKeyCommand] = []
                override var keyCommands: [UIKeyCommand]? { custom }
                func install(commands: [UIKeyCommand]) { custom = commands }
            }
            final class CommandManager {
                static let shared = CommandManager()
                func build() -> [UIKeyCommand] {
                    [UIKeyCommand(title: "New", action: #selector(Responder.newItem), input: "n", modifierFlags: .command),
                     UIKeyCommand(title: "Reload", action: #selector(Responder.reload), input: "r", modifierFlags: .command)]
                }
            }
            @objc final class Responder: NSObject {
                @objc static func newItem() {}
                @objc static func reload() {}
            }
            struct Installer {
                func install(on host: ShortcutHost) { host.setKeyCommands(CommandManager.shared.build()) }
            }
            """])
        #expect(keys(result).filter { $0.hasPrefix("ShortcutHost") } == [
            "ShortcutHost keyCommands cmd+n newItem", "ShortcutHost keyCommands cmd+r reload",
        ])
        #expect(!keys(result).contains { $0.hasPrefix("Unused") })
    }

    /// A SwiftUI representable hands its `UIView` the shortcuts to offer: the view's stored
    /// `var` starts empty, `makeUIView` and `updateUIView` assign what the representable was
    /// built with, and the views that build it pass their own lists. The commands are the
    /// `UIView`'s, each under the condition its list adds it under. A view that nothing fills
    /// still gives its commands, with what the source leaves open unknown.
    @Test func aRepresentableHandsItsViewTheShortcutsItsBuildersPass() throws {
        let result = try importing(["Reader.swift": """
            import SwiftUI
            import UIKit
            struct Shortcut {
                let title: String
                let input: String
                let flags: UIKeyModifierFlags
            }
            struct KeyCatcher: UIViewRepresentable {
                let shortcuts: [Shortcut]
                let onKey: (Shortcut) -> Void
                init(shortcuts: [Shortcut] = [], onKey: @escaping (Shortcut) -> Void) {
                    self.shortcuts = shortcuts
                    self.onKey = onKey
                }
                func makeUIView(context: Context) -> CatcherView {
                    let view = CatcherView()
                    view.shortcuts = shortcuts
                    return view
                }
                func updateUIView(_ uiView: CatcherView, context: Context) { uiView.shortcuts = shortcuts }
            }
            final class CatcherView: UIView {
                var shortcuts: [Shortcut] = []
                override var canBecomeFirstResponder: Bool { true }
                override var keyCommands: [UIKeyCommand]? { shortcuts.compactMap(makeCommand) }
                private func makeCommand(_ shortcut: Shortcut) -> UIKeyCommand? {
                    let command = UIKeyCommand(input: shortcut.input, modifierFlags: shortcut.flags, action: #selector(fire(_:)))
                    command.discoverabilityTitle = shortcut.title
                    return command
                }
                @objc private func fire(_ sender: UIKeyCommand) {}
            }
            struct PageReader: View {
                var hasPages = false
                private var shortcuts: [Shortcut] {
                    var list = [Shortcut(title: "Help", input: "/", flags: .command)]
                    if hasPages { list.append(Shortcut(title: "Jump", input: "j", flags: .command)) }
                    return list
                }
                var body: some View { Text("Pages").background(KeyCatcher(shortcuts: shortcuts) { _ in }) }
            }
            struct BookReader: View {
                var body: some View {
                    Text("Book").background(KeyCatcher(shortcuts: [Shortcut(title: "Contents", input: "t", flags: [.command, .shift])]) { _ in })
                }
            }
            final class LooseView: UIView {
                var shortcuts: [Shortcut] = []
                override var keyCommands: [UIKeyCommand]? { shortcuts.map(makeCommand) }
                private func makeCommand(_ shortcut: Shortcut) -> UIKeyCommand {
                    UIKeyCommand(input: shortcut.input, modifierFlags: .command, action: #selector(fire(_:)))
                }
                @objc private func fire(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(keys(result).filter { $0.hasPrefix("CatcherView") } == [
            "CatcherView keyCommands cmd+/ fire:", "CatcherView keyCommands cmd+j fire:", "CatcherView keyCommands shift+cmd+t fire:",
        ])
        #expect(result.inventory.first { $0.input == "j" }?.conditional == true)
        #expect(result.inventory.first { $0.input == "/" }?.conditional == false)
        #expect(keys(result).filter { $0.hasPrefix("LooseView") } == ["LooseView keyCommands cmd+? fire:"])
    }

    /// A view controller's optional list, declared without a value, that a representable fills
    /// from user settings on one path and sets to `nil` on the other holds run-time data: its
    /// `compactMap` runs the element type's own factory once, on an element whose fields are
    /// unknown, and the command keeps the action the factory is given.
    @Test func anOptionalListFilledFromOutsideRunsItsElementsFactory() throws {
        let result = try importing(["Keys.swift": """
            import SwiftUI
            import UIKit
            struct Shortcut: Codable {
                var key: String?
                var flags: Int
                func command(action: Selector) -> UIKeyCommand? {
                    guard let key = self.key else { return nil }
                    return UIKeyCommand(input: key, modifierFlags: UIKeyModifierFlags(rawValue: flags), action: action)
                }
            }
            struct Container: UIViewControllerRepresentable {
                let shortcuts: [Shortcut]
                let enabled: Bool
                func makeUIViewController(context: Context) -> PressController {
                    let controller = PressController()
                    if enabled {
                        controller.shortcuts = shortcuts
                    } else {
                        controller.shortcuts = nil
                    }
                    return controller
                }
                func updateUIViewController(_ controller: PressController, context: Context) {}
            }
            final class PressController: UIViewController {
                var shortcuts: [Shortcut]?
                override var keyCommands: [UIKeyCommand]? {
                    shortcuts?.compactMap { shortcut in shortcut.command(action: #selector(press(_:))) }
                }
                @objc func press(_ sender: UIKeyCommand) {}
            }
            @propertyWrapper struct SavedShortcuts: DynamicProperty {
                @AppStorage("shortcuts") private var data = Data()
                var wrappedValue: [Shortcut] { (try? JSONDecoder().decode([Shortcut].self, from: data)) ?? [] }
            }
            struct Remote: View {
                @SavedShortcuts private var saved: [Shortcut]
                var body: some View { Container(shortcuts: saved, enabled: true) }
            }
            """])
        let rows = result.inventory.filter { $0.declaredIn == "PressController" }
        #expect(rows.count == 1)
        #expect(rows.first?.action == "press:")
        #expect(rows.first?.input == nil)
        #expect(rows.first?.conditional == true)
        #expect(rows.first?.notFollowed == nil)
    }

    /// An initialiser that fills a stored property's nested array through `self.method()`
    /// leaves it filled: the stored property starts from its initial value, and a method called
    /// on `self` sets this instance's fields.
    @Test func initialiserFillsNestedFieldsThroughSelfMethods() throws {
        let result = try importing(["Navigation.swift": """
            import UIKit
            struct Section { var title: String; var elements: [Element] }
            struct Element {
                var title: String
                static func link(title: String) -> Element { Element(title: title) }
            }
            class NavigationManager {
                private var main: Section = Section(title: "Main", elements: [])
                init() { self.addMain() }
                private func addMain() {
                    main.elements.append(Element(title: "One"))
                    self.main.elements.append(Element.link(title: "Two"))
                }
                func keyCommands(selector: Selector) -> [UIKeyCommand] {
                    var commands: [UIKeyCommand] = []
                    var i = 1
                    for element in self.main.elements {
                        commands.append(UIKeyCommand(title: element.title, action: selector, input: "\\(i)", modifierFlags: .command))
                        i += 1
                    }
                    return commands
                }
            }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                let navigationManager = NavigationManager()
            }
            class TabController: UITabBarController {
                override var keyCommands: [UIKeyCommand]? {
                    let appDelegate = UIApplication.shared.delegate as! AppDelegate
                    return appDelegate.navigationManager.keyCommands(selector: #selector(selectTab(_:)))
                }
                @objc func selectTab(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(keys(result) == ["TabController keyCommands cmd+1 selectTab:", "TabController keyCommands cmd+2 selectTab:"])
    }

    /// A helper object's empty `var` list that its own methods fill (a command store), read
    /// through the instance a controller holds, gives what those methods append: the commands
    /// are the controller's.
    @Test func aHelperObjectsListFilledByItsMethodsGivesTheirCommandsToItsHolder() throws {
        let result = try importing(["Store.swift": """
            import UIKit
            final class CommandStore {
                private var commands = [UIKeyCommand]()
                func add(_ input: String, title: String) {
                    commands.append(UIKeyCommand(title: title, action: #selector(EditorController.run(_:)), input: input, modifierFlags: .command))
                }
                func all() -> [UIKeyCommand] { commands }
            }
            class EditorController: UIViewController {
                let store = CommandStore()
                override var keyCommands: [UIKeyCommand]? { store.all() }
                @objc func run(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(result.inventory.count == 1)
        #expect(result.inventory.first?.declaredIn == "EditorController")
        #expect(result.inventory.first?.modifierNames == ["command"])
        #expect(result.inventory.first?.action == "run:")
    }
}
