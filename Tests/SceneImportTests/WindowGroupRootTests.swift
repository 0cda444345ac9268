import SceneImportTestSupport
import Testing

@testable import SceneImport

/// What a SwiftUI `WindowGroup` shows when its content is UIKit's: a representable the app
/// declares, given no SwiftUI content of its own.
@Suite struct WindowGroupRootTests {
    private static func importing(content: String) throws -> ImportResult {
        try SourceApp.importing([
            "App.swift": """
                import SwiftUI
                import UIKit
                @main struct EditorApp: App {
                    var body: some Scene {
                        WindowGroup { \(content) }
                    }
                }
                struct EditorControllerView: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> EditorViewController { EditorViewController() }
                    func updateUIViewController(_ controller: EditorViewController, context: Context) {}
                }
                struct CanvasView: UIViewRepresentable {
                    func makeUIView(context: Context) -> UIView { UIView() }
                    func updateUIView(_ view: UIView, context: Context) {}
                }
                class EditorViewController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))] }
                    @objc func save() {}
                }
                """,
        ])
    }

    /// `WindowGroup { EditorControllerView() }`: the window's hosting controller holds the
    /// controller the representable makes, whose commands fire; the app type is no root.
    @Test func aControllerRepresentableShownAsItIsPutsItsControllerInTheHostingController() throws {
        for content in ["EditorControllerView()", "EditorControllerView().ignoresSafeArea()"] {
            let result = try Self.importing(content: content)
            #expect(result.report.keyWindow.decidedBy == "WindowGroup")
            #expect(result.report.keyWindow.root == "UIHostingController")
            #expect(result.report.responderPaths["EditorViewController"] == "window/UIHostingController/EditorViewController")
        }
    }

    /// `WindowGroup { CanvasView() }`: a UIKit view's representable is the view the window shows.
    @Test func aViewRepresentableShownAsItIsIsTheRootView() throws {
        let result = try Self.importing(content: "CanvasView()")
        #expect(result.report.keyWindow.decidedBy == "WindowGroup")
        #expect(result.report.keyWindow.root == "CanvasView")
    }
}

/// How a SwiftUI app names the view its `WindowGroup` shows: through a module name, a generic
/// view, a view nested in another type, a stored property the app's `init()` fills, and
/// computed properties of what the app holds, of another type or of a value made there.
@Suite struct WindowGroupContentTests {
    static let declarations = """
        struct MainView: View { var body: some View { Text("") } }
        struct Client {}
        struct GenericRoot<C>: View { let client: C; var body: some View { Text("") } }
        enum Feature {}
        extension Feature { struct Screen: View { var body: some View { Text("") } } }
        final class Router: ObservableObject { @ViewBuilder var rootView: some View { MainView() } }
        enum AppRoot { @ViewBuilder static var view: some View { MainView() } }
        struct AppCoordinator { var rootView: some View { MainView() } }
        """

    private static func root(_ app: String) throws -> String? {
        try SourceApp.importing(["App.swift": "import SwiftUI\n" + app + "\n" + declarations]).report.keyWindow.root
    }

    @Test(arguments: [
        ("@main struct A: SwiftUI.App { var body: some SwiftUI.Scene { SwiftUI.WindowGroup { MainView() } } }", "MainView"),
        ("@main struct A: App { var body: some Scene { WindowGroup { GenericRoot<Client>(client: Client()) } } }", "GenericRoot"),
        ("@main struct A: App { var body: some Scene { WindowGroup { Feature.Screen() } } }", "Feature.Screen"),
        ("@main struct A: App { let root: MainView\n init() { root = MainView() }\n var body: some Scene { WindowGroup { root } } }", "MainView"),
        ("@main struct A: App { @StateObject var router = Router()\n var body: some Scene { WindowGroup { router.rootView } } }", "MainView"),
        ("@main struct A: App { var body: some Scene { WindowGroup { AppRoot.view } } }", "MainView"),
        ("@main struct A: App { var body: some Scene { WindowGroup { AppCoordinator().rootView } } }", "MainView"),
    ])
    func theWindowGroupsViewIsItsRoot(app: String, root: String) throws {
        #expect(try Self.root(app) == root)
    }
}
