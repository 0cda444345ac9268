import UIKit

class TodoDetailViewController: UIViewController {
    let notes = TodoNotesView()

    override var keyCommands: [UIKeyCommand]? {
        [UIKeyCommand(title: "Save", action: #selector(save(_:)), input: "s", modifierFlags: .command)]
    }

    @objc func save(_ sender: Any?) {}
}

class TodoNotesView: UITextView {}
