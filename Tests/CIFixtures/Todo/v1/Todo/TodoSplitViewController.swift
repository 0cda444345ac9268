import UIKit

class TodoSplitViewController: UISplitViewController {
    let list = TodoListViewController()
    let detail = TodoDetailViewController()

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(list)
        addChild(detail)
    }
}
