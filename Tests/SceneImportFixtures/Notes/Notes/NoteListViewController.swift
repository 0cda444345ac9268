import UIKit

class NoteListViewController: UIViewController {
    var hasSelection = true

    override var canBecomeFirstResponder: Bool { true }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }

    override var keyCommands: [UIKeyCommand]? {
        var commands = super.keyCommands ?? []
        commands += [
            UIKeyCommand(title: "Next Note", action: #selector(selectNext), input: UIKeyCommand.inputDownArrow, modifierFlags: []),
            UIKeyCommand(title: "Previous Note", action: #selector(selectPrevious), input: UIKeyCommand.inputUpArrow, modifierFlags: []),
        ]
        if hasSelection {
            commands.append(UIKeyCommand(title: "Pin", action: #selector(pin(_:)), input: "p", modifierFlags: [.command, .shift]))
        }
        for number in 1...3 {
            commands.append(UIKeyCommand(input: "\(number)", modifierFlags: .command, action: #selector(showFolder(_:))))
        }
        return commands
    }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        switch action {
        case #selector(deleteNote(_:)): return hasSelection
        default: return super.canPerformAction(action, withSender: sender)
        }
    }

    @objc func selectNext() {}
    @objc func selectPrevious() {}
    @objc func pin(_ sender: UIKeyCommand) {}
    @objc func showFolder(_ sender: UIKeyCommand) {}
    @objc func deleteNote(_ sender: Any?) {}
}
