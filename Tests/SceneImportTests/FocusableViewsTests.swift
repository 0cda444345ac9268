import KeyTraceCore
import ResponderEngine
import Scenes
import Testing

@testable import SceneImport

/// The views a screen holds that can become first responder are nodes of the scene, so that a
/// user (or a hand-read case) can name any of them with `--first-responder`, as the device
/// focuses them.
@Suite struct FocusableViewsTests {
    func importing(_ sources: [String: String]) throws -> ImportResult {
        try SceneImporter().importSources(sources.sorted { $0.key < $1.key }.map {
            (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value)
        })
    }

    static let entry = """
        import UIKit
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                window?.rootViewController = Editor()
            }
        }
        """

    static let editor = """
        import UIKit
        import WebKit
        class Editor: UIViewController {
            @IBOutlet weak var titleField: UITextField!
            lazy var preview = PreviewWebView(frame: .zero)
            let toolbar = FindBar()
            let keys = KeyInputView()
            let label = UILabel()
            static let shared = UITextField()
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))] }
            @objc func save() {}
        }
        class PreviewWebView: WKWebView {}
        class FindBar: UIView {
            let search = UISearchBar()
        }
        class KeyInputView: UIControl, UIKeyInput {
            var hasText: Bool { false }
            func insertText(_ text: String) {}
            func deleteBackward() {}
        }
        """

    @Test func theViewsAScreenHoldsThatTakeTheFocusAreNodesUnderIt() throws {
        let result = try importing(["SceneDelegate.swift": Self.entry, "Editor.swift": Self.editor])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        #expect(try runtime.responderPath(for: "UITextField") == "window/Editor/UITextField")
        #expect(try runtime.responderPath(for: "WKContentView") == "window/Editor/PreviewWebView/WKContentView")
        #expect(try runtime.responderPath(for: "UISearchTextField") == "window/Editor/FindBar/UISearchBar/UISearchTextField")
        #expect(try runtime.responderPath(for: "KeyInputView") == "window/Editor/KeyInputView")
        // A label takes no focus, and a static property is no view of the screen.
        #expect(throws: SceneLookupError.self) { try runtime.responderPath(for: "UILabel") }
        let editor = try #require(definition.windows.first?.children.first)
        #expect(editor.views.map(\.title) == ["titleField", "preview", "toolbar", "keys"])
        #expect(editor.views.map(\.kind) == [.textField, .view, .view, .textView])
        // A view that only holds a focusable one cannot take the focus itself.
        #expect(editor.views[2].canBecomeFirstResponder == false || editor.views[2].canBecomeFirstResponder == nil)
    }

    /// Each screen holds an instance of its own of an app's text field class: the field with
    /// commands is a node under every controller holding it, and the report places it where the
    /// scene builds it first. A `weak` reference to it places nothing more.
    @Test func anAppViewHeldBySeveralScreensIsANodeUnderEachOfThem() throws {
        let result = try importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        let tabs = UITabBarController()
                        tabs.viewControllers = [Unlock(), Create()]
                        window?.rootViewController = tabs
                    }
                }
                """,
            "Screens.swift": """
                import UIKit
                class PasswordField: UITextField {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(reveal))] }
                    @objc func reveal() {}
                }
                class Unlock: UIViewController {
                    @IBOutlet var passwordField: PasswordField!
                    weak var delegate: Create?
                }
                class Create: UIViewController {
                    let passwordField = PasswordField()
                    weak var echo: PasswordField?
                }
                """,
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        let root = "window/UITabBarController"
        #expect(runtime.responder(at: root + "/Unlock/PasswordField") != nil)
        #expect(runtime.responder(at: root + "/Create/PasswordField") != nil)
        #expect(result.report.responderPaths["PasswordField"] == root + "/Unlock/PasswordField")
        #expect(result.report.unplaced.isEmpty)
    }

    @Test func typingIntoAWebViewsContentIsTextInputAndTheScreensCommandsStillFire() throws {
        let result = try importing(["SceneDelegate.swift": Self.entry, "Editor.swift": Self.editor])
        let runtime = try SceneRuntime(definition: SceneDefinition(json: result.scene, file: "scene"), file: "scene")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        try runtime.focus(runtime.responderPath(for: "WKContentView"))
        let letter = dispatcher.explain(try KeyPress(notation: "a", layout: runtime.application.keyboardLayout))
        #expect(letter.textInputActive && letter.textInputEdit != nil)
        let save = dispatcher.explain(try KeyPress(notation: "cmd+s", layout: runtime.application.keyboardLayout))
        #expect(save.winner?.command.action?.name == "save")
        #expect(save.winner?.target?.path == "window/Editor")
    }

    /// A web view subclass that is a responder of its own (it declares commands) holds the
    /// `WKContentView` that takes the focus, and the app focusing the web view focuses it.
    @Test func aWebViewSubclassWithCommandsHoldsTheContentViewItsFocusGoesTo() throws {
        let result = try importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        window?.rootViewController = Terminal()
                    }
                }
                """,
            "Terminal.swift": """
                import UIKit
                import WebKit
                class Terminal: UIViewController {
                    let input = TermInput()
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        input.becomeFirstResponder()
                    }
                }
                class TermInput: WKWebView {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "k", modifierFlags: .command, action: #selector(clear))] }
                    @objc func clear() {}
                }
                """,
        ])
        let content = "window/Terminal/TermInput/WKContentView"
        #expect(result.report.keyWindow.firstResponder == content)
        let runtime = try SceneRuntime(definition: SceneDefinition(json: result.scene, file: "scene"), file: "scene")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        #expect(runtime.application.firstResponder?.path == content)
        let letter = dispatcher.explain(try KeyPress(notation: "a", layout: runtime.application.keyboardLayout))
        #expect(letter.textInputActive && letter.textInputEdit != nil)
        let clear = dispatcher.explain(try KeyPress(notation: "cmd+k", layout: runtime.application.keyboardLayout))
        #expect(clear.winner?.target?.path == "window/Terminal/TermInput")
    }

    /// A SwiftUI shortcut its view's text field keeps from running is reported at the view's
    /// source line, although the hosting controller provides it (SwiftUI registers it there).
    @Test func aSwiftUIShortcutTextInputKeepsIsReportedWhereTheViewDeclaresIt() throws {
        let result = try importing([
            "App.swift": """
                import SwiftUI
                @main struct NotesApp: App {
                    var body: some Scene { WindowGroup { Picker() } }
                }
                struct Picker: View {
                    @State var name = ""
                    var body: some View {
                        VStack {
                            TextField("Name", text: $name)
                            Button("First") {}.keyboardShortcut("1", modifiers: [])
                        }
                    }
                }
                """,
        ])
        let finding = try #require(result.report.findings.first { $0.kind == .textInput })
        #expect(finding.file == "App.swift")
        #expect(finding.line == 10)
    }

    @Test func aSwiftUIViewHoldsTheUIKitViewsItsTextControlsStandFor() throws {
        let result = try importing([
            "App.swift": """
                import SwiftUI
                @main struct NotesApp: App {
                    var body: some Scene { WindowGroup { NotesList() } }
                }
                struct NotesList: View {
                    @State var query = ""
                    @State var draft = ""
                    var body: some View {
                        NavigationStack {
                            VStack {
                                TextField("Title", text: $draft)
                                TextEditor(text: $draft)
                                Button("Save") {}.keyboardShortcut("s", modifiers: .command)
                            }
                            .searchable(text: $query)
                            .sheet(isPresented: .constant(false)) { SecureField("Password", text: $draft) }
                        }
                    }
                }
                """,
        ])
        let runtime = try SceneRuntime(definition: SceneDefinition(json: result.scene, file: "scene"), file: "scene")
        let field = try runtime.responderPath(for: "UITextField")
        #expect(field.hasSuffix("/NotesList/UITextField"))
        #expect(try runtime.responderPath(for: "UITextView").hasSuffix("/NotesList/UITextView"))
        #expect(try runtime.responderPath(for: "UISearchTextField").hasSuffix("/NotesList/UISearchBar/UISearchTextField"))
        // The sheet's secure field is not on this screen: one text field only.
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        try runtime.focus(field)
        let save = dispatcher.explain(try KeyPress(notation: "cmd+s", layout: runtime.application.keyboardLayout))
        #expect(save.winner != nil)
    }

    @Test func aViewHelperThatAddsASearchFieldGivesTheViewCallingItOne() throws {
        let result = try importing([
            "App.swift": """
                import SwiftUI
                @main struct FeedApp: App {
                    var body: some Scene { WindowGroup { SearchScreen() } }
                }
                struct SearchScreen: View {
                    @State var query = ""
                    var body: some View {
                        List { Text("Results") }
                            .nativeSearchable(text: $query)
                    }
                }
                extension View {
                    func nativeSearchable(text: Binding<String>) -> some View {
                        #if os(macOS)
                        self
                        #else
                        searchable(text: text)
                        #endif
                    }
                }
                """,
        ])
        let runtime = try SceneRuntime(definition: SceneDefinition(json: result.scene, file: "scene"), file: "scene")
        #expect(try runtime.responderPath(for: "UISearchTextField").hasSuffix("/SearchScreen/UISearchBar/UISearchTextField"))
    }

    @Test func aWeakReferenceIsNoContainmentWhenAnotherViewHoldsTheView() throws {
        let result = try importing([
            "SceneDelegate.swift": Self.entry,
            "Editor.swift": """
                import UIKit
                class Editor: UIViewController {
                    let container = Container()
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))] }
                    @objc func save() {}
                }
                class Container: UIView {
                    let gutter = Gutter()
                    let textView = CodeView()
                }
                class Gutter: UIView {
                    weak var textView: CodeView?
                }
                class CodeView: UITextView {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "/", modifierFlags: .command, action: #selector(comment))] }
                    @objc func comment() {}
                }
                """,
        ])
        let runtime = try SceneRuntime(definition: SceneDefinition(json: result.scene, file: "scene"), file: "scene")
        #expect(try runtime.responderPath(for: "CodeView") == "window/Editor/Container/CodeView")
    }

    @Test func aControllerAdoptingKeyInputTypesThePlainKeysItsCommandsWaitFor() throws {
        let result = try importing([
            "SceneDelegate.swift": Self.entry,
            "Editor.swift": """
                import UIKit
                class Editor: UIViewController, UIKeyInput {
                    var hasText: Bool { true }
                    func insertText(_ text: String) {}
                    func deleteBackward() {}
                    override var canBecomeFirstResponder: Bool { true }
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(input: "j", modifierFlags: [], action: #selector(down)),
                         UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))]
                    }
                    @objc func down() {}
                    @objc func save() {}
                }
                """,
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.windows.first?.children.first?.keyInput == true)
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        try runtime.focus("window/Editor")
        let letter = dispatcher.explain(try KeyPress(notation: "j", layout: runtime.application.keyboardLayout))
        #expect(letter.winner == nil && letter.textInputEdit != nil)
        let save = dispatcher.explain(try KeyPress(notation: "cmd+s", layout: runtime.application.keyboardLayout))
        #expect(save.winner?.command.action?.name == "save")
    }

    @Test func aMethodACommandsSelectorNamesIsAnActionWithoutObjc() throws {
        // Swift 3 inferred `@objc` for `NSObject` subclasses; `#selector` needs it, so the method
        // is visible to the responder chain.
        let result = try importing([
            "SceneDelegate.swift": Self.entry,
            "Editor.swift": """
                import UIKit
                class Editor: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(input: UIKeyInputEscape, modifierFlags: [], action: #selector(Editor.leave(_:)))]
                    }
                    func leave(_ sender: Any) {}
                    func unrelated() {}
                }
                """,
        ])
        let editor = try #require(SceneDefinition(json: result.scene, file: "scene").windows.first?.children.first)
        #expect(editor.actions.map(\.action) == ["leave:"])
    }

    /// `cell.contentConfiguration = configuration`, the configuration made in a `switch`: the
    /// views their `makeContentView()` makes are on the screen whose cell registration sets
    /// it, and so are the text fields those views hold; a configuration the code only declares
    /// puts nothing there.
    @Test func theContentViewsAScreensCellsAreConfiguredWithHoldItsTextFields() throws {
        let screen = """
            import UIKit
            class Editor: UIViewController {
                enum Row { case name, coordinates }
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))] }
                @objc func save() {}
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Row> { cell, _, row in
                        let configuration: UIContentConfiguration
                        switch row {
                        case .name: configuration = NameConfiguration()
                        case .coordinates: configuration = CoordinatesConfiguration(latitude: 0)
                        }
                        cell.contentConfiguration = configuration
                    }
                    _ = registration
                }
            }
            struct NameConfiguration: UIContentConfiguration {
                func makeContentView() -> UIView & UIContentView { NameView(configuration: self) }
                func updated(for state: UIConfigurationState) -> Self { self }
            }
            struct CoordinatesConfiguration: UIContentConfiguration {
                var latitude: Double
                func makeContentView() -> UIView & UIContentView {
                    return CoordinatesView(configuration: self)
                }
                func updated(for state: UIConfigurationState) -> Self { self }
            }
            struct UnusedConfiguration: UIContentConfiguration {
                func makeContentView() -> UIView & UIContentView { UnusedView() }
                func updated(for state: UIConfigurationState) -> Self { self }
            }
            class NameView: UIView, UIContentView {
                var configuration: UIContentConfiguration
                let notes = UITextView()
                init(configuration: UIContentConfiguration) { self.configuration = configuration; super.init(frame: .zero) }
            }
            class CoordinatesView: UIView, UIContentView {
                var configuration: UIContentConfiguration
                private lazy var latitudeField = UITextField()
                init(configuration: UIContentConfiguration) { self.configuration = configuration; super.init(frame: .zero) }
                @objc private func latitudeChanged() {}
            }
            class UnusedView: UIView, UIContentView {
                var configuration: UIContentConfiguration = NameConfiguration()
                let field = UISearchBar()
            }
            """
        let result = try importing(["SceneDelegate.swift": Self.entry, "Editor.swift": screen])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        // A content view with an action is a node of its own; one without holds its field.
        #expect(try runtime.responderPath(for: "UITextField") == "window/Editor/CoordinatesView/UITextField")
        #expect(try runtime.responderPath(for: "UITextView") == "window/Editor/NameView/UITextView")
        #expect(throws: SceneLookupError.self) { try runtime.responderPath(for: "UISearchBar") }
    }
}

/// A search controller whose bar a screen puts in its own view.
extension FocusableViewsTests {
    /// `tableView.tableHeaderView = searchController.searchBar` shows the bar in the table: the
    /// screen holds it, and its `UISearchTextField` takes the focus. A search controller only
    /// made, or installed in the navigation item, puts no bar in the screen's view.
    @Test func aSearchControllersBarInATableHeaderIsTheScreensSearchField() throws {
        let result = try importing([
            "SceneDelegate.swift": Self.entry,
            "Editor.swift": """
                import UIKit
                class Editor: UITableViewController {
                    let searchController = UISearchController(searchResultsController: nil)
                    let unused = UISearchController(searchResultsController: nil)
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        tableView.tableHeaderView = searchController.searchBar
                    }
                    @objc func find() { searchController.searchBar.becomeFirstResponder() }
                }
                """,
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        let field = try runtime.responderPath(for: "UISearchTextField")
        #expect(field == "window/Editor/UISearchBar/UISearchTextField")
        #expect(runtime.responder(at: "window/Editor/UISearchBar-2") == nil)
        let editor = try #require(definition.windows.first?.children.first)
        #expect(editor.views.first { $0.name == "UISearchBar" }?.title == "searchController.searchBar")
    }

    /// A text field a screen makes in a local of `viewDidLoad` and adds as a subview, then
    /// focuses: a node named by the local, and the key window's first responder. A label made
    /// the same way takes no focus, and a hidden stand-in removed at once is no view of the screen.
    @Test func aFieldAScreenMakesInALocalAndAddsIsANodeNamedByTheLocal() throws {
        let result = try importing([
            "SceneDelegate.swift": Self.entry,
            "Editor.swift": """
                import UIKit
                class Editor: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))] }
                    @objc func save() {}
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let caption = UILabel()
                        let nameField = UITextField(frame: .zero)
                        nameField.placeholder = "Name"
                        view.addSubview(caption)
                        view.addSubview(nameField)
                        nameField.becomeFirstResponder()
                    }
                    func commitAutocorrection() {
                        let temp = UITextField(frame: .zero)
                        temp.isHidden = true
                        view.addSubview(temp)
                        temp.becomeFirstResponder()
                        temp.removeFromSuperview()
                    }
                }
                """,
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let editor = try #require(definition.windows.first?.children.first)
        #expect(editor.views.map(\.title) == ["nameField"])
        #expect(editor.views.map(\.kind) == [.textField])
        #expect(result.report.keyWindow.firstResponder == "window/Editor/UITextField")
    }

    /// An app class built on a UIKit text class, made in a local and added, is held the same
    /// way: focusing the local focuses it.
    @Test func anAppTextViewAScreenMakesInALocalIsANodeNamedByTheLocal() throws {
        let result = try importing([
            "SceneDelegate.swift": Self.entry,
            "Editor.swift": """
                import UIKit
                class BaseTextView: UITextView {}
                final class CodeTextView: BaseTextView {}
                class Editor: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))] }
                    @objc func save() {}
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let code = CodeTextView()
                        view.addSubview(code)
                        code.becomeFirstResponder()
                    }
                }
                """,
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let editor = try #require(definition.windows.first?.children.first)
        #expect(editor.views.map(\.name) == ["CodeTextView"])
        #expect(result.report.keyWindow.firstResponder == "window/Editor/CodeTextView")
    }
}

extension FocusableViewsTests {
    /// A controller can become first responder only as its source says (`UIViewController`
    /// answers `false`): one with key commands and no `canBecomeFirstResponder` override does not
    /// take the focus when a state shows it, so its commands fire only from a view inside it;
    /// one that overrides it takes the focus as it is shown.
    @Test func aControllerTakesTheFocusOnlyWhenItsSourceLetsIt() throws {
        let result = try importing([
            "SceneDelegate.swift": Self.entry,
            "Editor.swift": """
                import UIKit
                class Editor: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "i", modifierFlags: .command, action: #selector(showInfo))] }
                    @objc func showInfo() { present(Info(), animated: true) }
                    @objc func showHelp() { present(Help(), animated: true) }
                }
                class Info: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "k", modifierFlags: .command, action: #selector(close))] }
                    @objc func close() { dismiss(animated: true) }
                }
                class Help: UIViewController {
                    override var canBecomeFirstResponder: Bool { true }
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "k", modifierFlags: .command, action: #selector(close))] }
                    @objc func close() { dismiss(animated: true) }
                }
                """,
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        for (screen, focused) in [("Info", false), ("Help", true)] {
            let runtime = try SceneRuntime(definition: definition, file: "scene")
            try runtime.enter(try #require(definition.states.first { $0.name == screen }))
            #expect((runtime.application.firstResponder?.path.hasSuffix("/" + screen) ?? false) == focused)
            let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
            let pressed = dispatcher.dispatch(try KeyPress(notation: "cmd+k", layout: runtime.application.keyboardLayout))
            #expect((pressed.action?.name == "close") == focused)
        }
    }
}

extension FocusableViewsTests {
    /// A form's row model (an object of the app's that is no view) makes a text field in its
    /// initialiser and adds it to the cell it gives the table: the field is on the screen of
    /// the controller holding the row, so typing there is text input.
    @Test func aTextFieldARowModelMakesIsOnTheScreenHoldingTheRow() throws {
        let result = try importing([
            "SceneDelegate.swift": Self.entry,
            "Editor.swift": """
                import UIKit
                class Editor: UITableViewController {
                    var nameRow: FormRow?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        nameRow = FormRow(placeholder: "Name")
                    }
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))] }
                    @objc func save() {}
                }
                class FormRow: NSObject {
                    let cell = UITableViewCell()
                    var textField: UITextField?
                    init(placeholder: String) {
                        let field: UITextField = StyledTextField()
                        field.placeholder = placeholder
                        cell.contentView.addSubview(field)
                        textField = field
                    }
                }
                class StyledTextField: UITextField {}
                """,
        ])
        let runtime = try SceneRuntime(definition: try SceneDefinition(json: result.scene, file: "scene"), file: "scene")
        let path = try runtime.responderPath(for: "StyledTextField")
        #expect(path == "window/Editor/StyledTextField")
        try runtime.focus(path)
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        #expect(dispatcher.dispatch(try KeyPress(notation: "cmd+s", layout: runtime.application.keyboardLayout)).action?.name == "save")
    }
}
