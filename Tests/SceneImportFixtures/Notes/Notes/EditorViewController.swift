import UIKit

class EditorViewController: UIViewController {
    let textView = NoteTextView()

    override var keyCommands: [UIKeyCommand]? {
        [UIKeyCommand(title: "Bold", action: #selector(bold(sender:)), input: "b", modifierFlags: .command)]
    }

    @objc func bold(sender: UIKeyCommand) {}
}

class NoteTextView: UITextView {
    override var keyCommands: [UIKeyCommand]? {
        // ⌥→ is text input's own: UIKit's text view moves the caret by a word first.
        [UIKeyCommand(input: UIKeyCommand.inputRightArrow, modifierFlags: .alternate, action: #selector(nextLink))]
    }

    @objc func nextLink() {}
}
