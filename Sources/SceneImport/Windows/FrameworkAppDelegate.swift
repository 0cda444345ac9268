/// A cross-platform framework whose own code, outside the app's source or compiled beside it,
/// makes the window and its root: an app built on it has that root.
struct FrameworkAppDelegate {
    /// How the source shows that an app is built on the framework.
    enum Sign {
        /// An app class inherits from the framework's app delegate class.
        case subclass(of: String)
        /// The source declares the framework's own app delegate class, as a framework that
        /// exports its player's source into the app's project does.
        case declares(String)
    }

    var sign: Sign
    /// The window root the framework sets: one of UIKit's containers, or a controller class of
    /// the framework's own, a plain controller to the scene unless the source declares it.
    var root: RootTree

    /// The frameworks known.
    static let registered: [FrameworkAppDelegate] = [
        // React Native: `RCTAppDelegate` makes a window whose root is a plain
        // `UIViewController` holding the `RCTRootView`.
        FrameworkAppDelegate(sign: .subclass(of: "RCTAppDelegate"), root: .system(.plain)),
        // Expo: `EXAppDelegateWrapper`, and `ExpoAppDelegate` from SDK 50 on, build on React
        // Native's.
        FrameworkAppDelegate(sign: .subclass(of: "EXAppDelegateWrapper"), root: .system(.plain)),
        FrameworkAppDelegate(sign: .subclass(of: "ExpoAppDelegate"), root: .system(.plain)),
        // Flutter: the template's `Main` storyboard starts from Flutter's
        // `FlutterViewController`, which draws the whole app.
        FrameworkAppDelegate(sign: .subclass(of: "FlutterAppDelegate"), root: RootTree(name: "FlutterViewController", container: .plain)),
        // Unity: the exported project's `UnityAppController` shows the game in its root
        // controller, a `UnityDefaultViewController` (`createUnityViewControllerDefault`) whose
        // view is the `UnityView`.
        FrameworkAppDelegate(sign: .declares("UnityAppController"), root: RootTree(name: "UnityDefaultViewController", container: .plain)),
    ]

    /// The window the framework makes for the app, when the source shows the app is built on
    /// it: its root (an app type when the source declares the root's class), and where the
    /// class that shows it is declared.
    func window(in index: SourceIndex) -> (root: RootTree, location: SourceLocation?)? {
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], info.kind == .class else { continue }
            switch sign {
            case .subclass(let superclass): guard info.inherited.first == superclass else { continue }
            case .declares(let name): guard info.name == name else { continue }
            }
            let declared = root.container != nil && root.children.isEmpty && index.type(named: root.name)?.kind == .class
            return (declared ? .app(root.name) : root, info.location)
        }
        return nil
    }
}
