import UIKit

class TodoListViewController: UIViewController {
    override var keyCommands: [UIKeyCommand]? {
        [
            UIKeyCommand(title: "New Todo", action: #selector(newTodo(_:)), input: "n", modifierFlags: .command),
            UIKeyCommand(title: "Next Todo", action: #selector(selectNext), input: UIKeyCommand.inputDownArrow, modifierFlags: []),
            UIKeyCommand(title: "Previous Todo", action: #selector(selectPrevious), input: UIKeyCommand.inputUpArrow, modifierFlags: []),
        ]
    }

    @objc func newTodo(_ sender: Any?) {}
    @objc func selectNext() {}
    @objc func selectPrevious() {}
}
