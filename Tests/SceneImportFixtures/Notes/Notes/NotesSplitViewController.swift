import SwiftUI
import UIKit

class NotesSplitViewController: UISplitViewController {
    let list = NoteListViewController()
    let editor = EditorViewController()

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(list)
        addChild(editor)
        addKeyCommand(UIKeyCommand(title: "Toggle Sidebar", action: #selector(toggleSidebar), input: "s", modifierFlags: [.control, .command]))
    }

    @objc func newNote(_ sender: Any?) {}
    @objc func toggleSidebar() {}
    @objc func showSettings() {
        present(UIHostingController(rootView: SettingsView()), animated: true)
    }
}
