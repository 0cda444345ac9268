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
