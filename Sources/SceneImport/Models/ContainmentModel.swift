/// UIKit's view-controller containment as the evaluator and the app model read it: the words
/// that mark code worth reading for it, and a tab bar's items.
enum ContainmentModel: FrameworkModel {
    /// The calls and properties through which an app contains one controller in another, in
    /// the order the app model looks for them (`push` covers `pushViewController` and an app's
    /// own `push`; `present` and `show` an app's own methods named after them too;
    /// `setViewController` covers a split view's columns and `setViewControllers`. The cells a
    /// type registers or dequeues are marked by `Reus` (`forCellReuseIdentifier`,
    /// `dequeueReusableCell`), `Registration`, `ForItem` and `ForRow` (`cellForRow(at:)`), an
    /// alert's text field by `TextField {`, `TextField{` and `TextField(configurationHandler`, a
    /// subview by `Subview(` (`addSubview(`, `insertSubview(`, `addArrangedSubview(`), an iOS 18
    /// tab by `UITab(`, `UISearchTab` and `UITabGroup(`: each starts with a capital, so the files
    /// without them are searched fast).
    static let words = [
        "addChild", "present", "rootViewController", "viewControllers", "setViewController", "push", "show",
        "UIHostingController", "Reus", "Registration", "ForItem", "ForRow", "TextField {", "TextField{", "TextField(configurationHandler",
        "Subview(", "UITab(", "UISearchTab", "UITabGroup(",
    ]
    static var mentions: Set<String> { Set(words) }
    /// The calls that add a subview, each ending in `Subview(` as written (``words``).
    static let subviewCalls: Set<String> = ["addSubview", "insertSubview", "addArrangedSubview", "insertArrangedSubview"]
    /// The text every ``subviewCalls`` call holds.
    static let subviewWord = "Subview("

    /// Whether `receiver.name` reads a tab bar's items (`tabBar.items`, `self.tabBar.items`).
    static func isTabBarItems(_ name: String, of receiver: String) -> Bool {
        name == "items" && (receiver == "tabBar" || receiver == "self.tabBar")
    }
}

extension Evaluator {
    /// `tabBar.items` in a `UITabBarController` subclass: UIKit gives one item per tab, so the
    /// items are as many as the view controllers (or `UITab`s) the type's methods assign, each
    /// under that assignment's conditions. When the type assigns both lists (`tabs` on newer
    /// systems, `viewControllers` on older ones) and they are as long, the count holds either
    /// way and the items are unconditional. `nil` when no assignment gives a list.
    func tabBarItems(frame: inout Frame) -> Value? {
        guard let selfType = frame.selfType, index.inherits(selfType, from: "UITabBarController") else { return nil }
        let owners = [index.type(named: selfType)].compactMap { $0 } + index.ancestors(of: selfType)
        var lists: [[Value.Item]] = []
        for field in ["viewControllers", "tabs"] {
            for owner in owners {
                guard let tabs = assignedValue(field, in: owner, frame: &frame)?.items, !tabs.isEmpty else { continue }
                lists.append(tabs)
                break
            }
        }
        guard let first = lists.first else { return storyboardTabBarItems(of: selfType) }
        let sameLength = lists.count > 1 && lists.allSatisfy { $0.count == first.count }
        return .array(first.map { .init(value: .object(type: "UITabBarItem", fields: [:]), condition: sameLength ? .always : $0.condition) })
    }

    /// `tabBar.items` of `type` when only storyboards give its tabs: the storyboards' tab bar
    /// controllers of that class, or of a subclass (every one, for an `extension
    /// UITabBarController`), when they all have the same number of tabs; `nil` otherwise.
    func storyboardTabBarItems(of type: String) -> Value? {
        let counts = storyboardTabBars.filter { $0.tabs > 0 && index.inherits($0.customClass ?? "UITabBarController", from: type) }
            .map(\.tabs)
        guard let count = counts.first, counts.allSatisfy({ $0 == count }) else { return nil }
        return .array(Array(repeating: .init(value: .object(type: "UITabBarItem", fields: [:]), condition: .always), count: count))
    }
}
