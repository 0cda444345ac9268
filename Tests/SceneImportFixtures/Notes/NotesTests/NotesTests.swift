import UIKit

// Test code: skipped by the importer unless --include-tests.
class FakeViewController: UIViewController {
    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "x", modifierFlags: .command, action: #selector(fake))] }
    @objc func fake() {}
}
