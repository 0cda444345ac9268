/// An app delegate class of a cross-platform framework whose own code, outside the app's
/// source, makes the window and its root: an app delegate inheriting from it has that root.
struct FrameworkAppDelegate {
    /// The framework's app delegate class.
    var superclass: String
    /// The window root the framework sets: one of UIKit's containers, or a controller class of
    /// the framework's own, a plain controller to the scene.
    var root: RootTree

    /// The frameworks known, each with the class its apps' delegates inherit from.
    static let registered: [FrameworkAppDelegate] = [
        // React Native: `RCTAppDelegate` makes a window whose root is a plain
        // `UIViewController` holding the `RCTRootView`.
        FrameworkAppDelegate(superclass: "RCTAppDelegate", root: .system(.plain)),
        // Expo: `EXAppDelegateWrapper`, and `ExpoAppDelegate` from SDK 50 on, build on React
        // Native's.
        FrameworkAppDelegate(superclass: "EXAppDelegateWrapper", root: .system(.plain)),
        FrameworkAppDelegate(superclass: "ExpoAppDelegate", root: .system(.plain)),
        // Flutter: the template's `Main` storyboard starts from Flutter's
        // `FlutterViewController`, which draws the whole app.
        FrameworkAppDelegate(superclass: "FlutterAppDelegate", root: RootTree(name: "FlutterViewController", container: .plain)),
    ]

    /// The window the framework makes for the app, when an app class inherits from this
    /// framework's delegate: its root, and where that app class is declared.
    func window(in index: SourceIndex) -> (root: RootTree, location: SourceLocation?)? {
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], info.kind == .class, info.inherited.first == superclass else { continue }
            return (root, info.location)
        }
        return nil
    }
}
