import Foundation

/// The class hierarchy: UIKit's as far as apps subclass it, and the app's own on top.
extension SourceIndex {
    /// UIKit's own class hierarchy, as far as the responders apps subclass go, and the menu
    /// elements whose extensions apps give static members (`extension UIMenuElement { static
    /// var reload: UIKeyCommand }`, found by `.reload` where a `UIKeyCommand` is expected).
    static let systemSuperclass: [String: String] = [
        "UIViewController": "UIResponder", "UIView": "UIResponder", "UIApplication": "UIResponder",
        "UIScene": "UIResponder", "UIWindowScene": "UIScene", "UIWindow": "UIView", "UIControl": "UIView",
        "UIScrollView": "UIView", "UITextView": "UIScrollView", "UITableView": "UIScrollView",
        "UICollectionView": "UIScrollView", "UITextField": "UIControl", "UISearchTextField": "UITextField",
        "UIButton": "UIControl", "UIDatePicker": "UIControl", "UISegmentedControl": "UIControl",
        "UISlider": "UIControl", "UISwitch": "UIControl", "UIStackView": "UIView", "UILabel": "UIView",
        "UIImageView": "UIView", "UITableViewCell": "UIView", "UICollectionViewCell": "UIView",
        "UICollectionReusableView": "UIView", "UINavigationBar": "UIView", "UIToolbar": "UIView",
        "MKMapView": "UIView", "WKWebView": "UIView", "PDFView": "UIView", "UISearchBar": "UIView",
        "UINavigationController": "UIViewController", "UISplitViewController": "UIViewController",
        "UITabBarController": "UIViewController", "UIPageViewController": "UIViewController",
        "UITableViewController": "UIViewController", "UICollectionViewController": "UIViewController",
        "UIHostingController": "UIViewController", "UIDocumentBrowserViewController": "UIViewController",
        "UIAlertController": "UIViewController", "UISearchController": "UIViewController",
        "UIInputViewController": "UIViewController", "UIActivityViewController": "UIViewController",
        "UIKeyCommand": "UICommand", "UICommand": "UIMenuElement", "UIMenu": "UIMenuElement", "UIAction": "UIMenuElement",
    ]

    /// The superclass of `name`: the declared one, or UIKit's for a system class.
    func superclass(of name: String) -> String? {
        if let info = type(named: name), info.kind != .extensionOnly {
            guard info.kind == .class, let first = info.inherited.first else { return nil }
            return first
        }
        return Self.systemSuperclass[name]
    }

    /// The superclass chain of a class, nearest first: declared classes and the extensions the
    /// app adds to UIKit's classes (`extension UIViewController`), whose members subclasses
    /// inherit.
    func ancestors(of name: String) -> [TypeInfo] {
        var result: [TypeInfo] = []
        var seen: Set<String> = [name]
        var current = superclass(of: name)
        while let next = current, !seen.contains(next) {
            seen.insert(next)
            if let info = type(named: next) { result.append(info) }
            current = superclass(of: next)
        }
        return result
    }

    /// The types that adopt protocol `name` (directly, or through a superclass that does),
    /// sorted. A nested protocol (`Outer.Inner`) is also adopted by its last component, as
    /// code inside `Outer` writes it.
    func adopters(of name: String) -> [String] {
        let short = Self.innermostName(of: name)
        return types.values.filter { info in
            info.kind != .protocol && (info.inherited.contains(name) || info.inherited.contains(short))
        }.map(\.name).sorted()
    }

    /// The classes that adopt protocol `name`, directly or through protocols that inherit it
    /// (three levels of protocols), sorted.
    func classAdopters(of name: String) -> [String] {
        var protocols: Set<String> = [name]
        var frontier = [name]
        for _ in 0..<3 where !frontier.isEmpty {
            frontier = types.values.filter { info in
                info.kind == .protocol && !protocols.contains(info.name) && frontier.contains { info.inherited.contains($0) }
            }.map(\.name)
            protocols.formUnion(frontier)
        }
        let classes = protocols.flatMap { adopters(of: $0) }.filter { type(named: $0)?.kind == .class }
        return Array(Set(classes)).sorted()
    }

    /// Whether `name` is `target` or inherits from it.
    func inherits(_ name: String, from target: String) -> Bool {
        if name == target { return true }
        var seen: Set<String> = [name]
        var current = superclass(of: name)
        while let next = current, !seen.contains(next) {
            if next == target { return true }
            seen.insert(next)
            current = superclass(of: next)
        }
        return false
    }

    /// Whether `name` is one of Apple's types (UIKit, Foundation, SwiftUI): an `UI`/`NS`
    /// prefix followed by an uppercase letter, or a SwiftUI protocol, that the app does not
    /// declare itself.
    func isSystemType(_ name: String) -> Bool {
        if let info = type(named: name), info.kind != .extensionOnly { return false }
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), let second = scalars.next(), let third = scalars.next() else { return false }
        let isSystemPrefix = (first == "U" && second == "I") || (first == "N" && second == "S")
        return isSystemPrefix && CharacterSet.uppercaseLetters.contains(third)
    }

    /// The first UIKit (undeclared) class a class reaches, e.g. `UIViewController`; `nil` for
    /// a type that is not a class or reaches none.
    func systemBase(of name: String) -> String? {
        var seen: Set<String> = [name]
        var current = superclass(of: name)
        while let next = current, !seen.contains(next) {
            if type(named: next).map({ $0.kind == .extensionOnly }) ?? true { return next }
            seen.insert(next)
            current = superclass(of: next)
        }
        return nil
    }
}

extension SourceIndex {
    /// SwiftUI's own protocols whose conformers declare a `body` that is no view: an app, a
    /// scene, menu commands, a modifier, toolbar content, a widget.
    static let bodiesThatAreNoView: Set<String> = ["App", "Scene", "Commands", "ViewModifier", "ToolbarContent",
                                                   "CustomizableToolbarContent", "Widget", "WidgetBundle"]

    /// Whether a struct is a SwiftUI view: it conforms to `View` as written, or through a
    /// protocol of the app's that refines `View` (`protocol Screen: View`), or it conforms to a
    /// protocol from outside the source and declares a `body` that builds a view (a library's
    /// `ConnectedView`, whose `body(props:) -> some View` SwiftUI's `body` calls).
    func isSwiftUIView(_ info: TypeInfo) -> Bool {
        guard info.kind == .struct else { return false }
        if info.inherited.contains(SwiftUIShortcutModel.viewType) { return true }
        var pending = info.inherited
        var seen: Set<String> = []
        var outside = false
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            if name == SwiftUIShortcutModel.viewType || name == "SwiftUI.View" { return true }
            if Self.bodiesThatAreNoView.contains(name) { return false }
            if let refined = type(named: name), refined.kind == .protocol {
                pending += refined.inherited
            } else if type(named: name) == nil {
                outside = true
            }
        }
        guard outside else { return false }
        let buildsView = { (type: String?) in type.map { $0.containsBytes(of: "View") } ?? false }
        return buildsView(info.properties["body"]?.type) || info.functions.contains { $0.name == "body" && buildsView($0.returnType) }
    }

    /// ``isSwiftUIView(_:)`` of the type named `name`.
    func isSwiftUIView(named name: String) -> Bool {
        type(named: name).map(isSwiftUIView) ?? false
    }
}
