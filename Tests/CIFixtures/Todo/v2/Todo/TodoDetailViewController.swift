import UIKit

class TodoDetailViewController: UIViewController {
    let notes = TodoNotesView()

    override var keyCommands: [UIKeyCommand]? {
        [
            UIKeyCommand(title: "Save Todo", action: #selector(save(_:)), input: "s", modifierFlags: .command),
            UIKeyCommand(title: "Highlight", action: #selector(highlight(_:)), input: "h", modifierFlags: .command),
        ]
    }

    @objc func save(_ sender: Any?) {}
    @objc func highlight(_ sender: Any?) {}
}

class TodoNotesView: UITextView {}
