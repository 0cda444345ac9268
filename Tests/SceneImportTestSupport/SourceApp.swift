import SceneImport

/// An app given as Swift sources in memory (file name → text), the way the importer's tests
/// write the apps they import, and the controller class most of them need.
public enum SourceApp {
    /// Imports `sources` in file-name order for `idiom`, with `overlay` when given.
    public static func importing(_ sources: [String: String], idiom: InterfaceIdiom = .pad, overlay: ImportOverlay? = nil) throws
        -> ImportResult
    {
        var options = SceneImporter.Options(overlay: overlay)
        options.idiom = idiom
        return try SceneImporter(options: options).importSources(sources.sorted { $0.key < $1.key }.map {
            (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value)
        })
    }

    /// A scene delegate whose window's root is `root` (the Swift expression that makes it), as
    /// the file `SceneDelegate.swift`.
    public static func sceneDelegate(root: String) -> [String: String] {
        ["SceneDelegate.swift": """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    window?.rootViewController = \(root)
                }
            }
            """]
    }

    /// An `@main` app delegate whose launch method runs `launch` (Swift statements that may use
    /// its `window`), with `members` beside it, as the file `AppDelegate.swift`.
    public static func appDelegate(launch: String, members: String = "") -> [String: String] {
        ["AppDelegate.swift": """
            import UIKit
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    \(launch)
                    return true
                }
                \(members)
            }
            """]
    }

    /// A controller class named `name` (inheriting `base`) with one ⌘ command on `key`, whose
    /// action is `act` + the name, and `body` added to its members.
    public static func controller(_ name: String, key: String, base: String = "UIViewController", body: String = "") -> String {
        """
        class \(name): \(base) {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "\(key)", modifierFlags: .command, action: #selector(act\(name)))] }
            @objc func act\(name)() {}
            \(body)
        }
        """
    }
}
