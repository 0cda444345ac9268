import UIKit

// A small notes app written for KeyTrace's importer tests: one window with a split view of a
// note list and an editor, a main menu, and a SwiftUI settings view.
@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    let newNoteCommand = UIKeyCommand(title: NSLocalizedString("menu.new-note", comment: ""), action: #selector(NotesSplitViewController.newNote(_:)),
                                      input: "n", modifierFlags: .command)

    override func buildMenu(with builder: UIMenuBuilder) {
        super.buildMenu(with: builder)
        guard builder.system == .main else { return }
        let notes = UIMenu(title: "Notes", children: [
            newNoteCommand,
            UIKeyCommand(title: "Delete Note", action: #selector(NoteListViewController.deleteNote(_:)), input: "\u{8}", modifierFlags: [.command],
                         attributes: .destructive),
        ])
        builder.insertSibling(notes, afterMenu: .file)
        #if targetEnvironment(macCatalyst)
        builder.insertChild(UIMenu(children: [UIKeyCommand(title: "Mac Only", action: #selector(NotesSplitViewController.newNote(_:)), input: "m", modifierFlags: .command)]), atStartOfMenu: .file)
        #endif
    }
}
