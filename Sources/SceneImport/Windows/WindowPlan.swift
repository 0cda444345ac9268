import Scenes

/// Which windows the app makes and what their roots hold, as the app's entry point builds
/// them: the key window's root, and the windows the entry point shows only under a run-time
/// condition (a lock screen, onboarding, a call overlay), which never become the key window.
struct WindowPlan {
    /// How the key window's root was decided.
    enum Decision: String {
        /// The overlay names it (``ImportOverlay/keyWindow``).
        case overlay
        /// A SwiftUI `App`'s `WindowGroup` (or `DocumentGroup`) content.
        case windowGroup = "WindowGroup"
        /// The entry point sets it on its unconditional path.
        case entryPoint = "entry point"
        /// Every root the entry point sets is under a run-time condition: the one whose screen
        /// holds the most commands stands for the app's normal path.
        case conditionalEntryPoint = "entry point, conditional"
        /// The storyboard the app starts from (`UIMainStoryboardFile`, a scene's storyboard).
        case storyboard
        /// Set by Objective-C code in the app or scene delegate.
        case objectiveCEntryPoint = "Objective-C entry point"
        /// The app delegate inherits from a framework's, whose code makes the window
        /// (``FrameworkAppDelegate``).
        case framework = "framework entry point"
        /// The source shows no entry point that sets a root, but the app's code casts or tests
        /// its window's root for one of its classes (`window.rootViewController as? Main`).
        case rootClassTest = "the app's code takes the root for it"
        /// The source shows no entry point that sets a root: the topmost controller holding the
        /// most commands stands for it.
        case guessed
    }

    /// The key window's root and how it was found.
    struct KeyRoot {
        var tree: RootTree
        var decision: Decision
        var location: SourceLocation?
    }

    /// A root the entry point sets only under a condition (or a root set outside the entry
    /// point): a window that is not key, left out of the scene.
    struct ConditionalRoot: Equatable {
        var type: String
        var location: SourceLocation?
    }

    var key: KeyRoot?
    var conditional: [ConditionalRoot] = []
}

/// A window's root controller and the containers the entry point builds around the app's own
/// controllers: `UINavigationController(rootViewController: Feed())` is a navigation container
/// holding `Feed`. App types below the tree's leaves get their children from the containment
/// the rest of the source shows.
struct RootTree: Equatable {
    /// A UIKit container the app uses as it is.
    enum Container: String {
        case navigation = "UINavigationController"
        case tabBar = "UITabBarController"
        case split = "UISplitViewController"
        case hosting = "UIHostingController"
        case plain = "UIViewController"

        /// The scene node kind standing for it (docs/Scenes.md).
        var nodeKind: NodeDefinition.Kind {
            switch self {
            case .navigation: return .navigationController
            case .tabBar: return .tabBarController
            case .split, .hosting, .plain: return .viewController
            }
        }
    }

    /// The app type at this node, or the container's class name.
    var name: String
    /// Set when the node is one of UIKit's containers rather than an app type.
    var container: Container?
    var children: [RootTree] = []
    /// Whether the root was one of several a local takes in branches the idiom does not decide.
    var chosenAmongBranches = false

    static func app(_ type: String, children: [RootTree] = []) -> RootTree {
        RootTree(name: type, container: nil, children: children)
    }

    static func system(_ container: Container, children: [RootTree] = []) -> RootTree {
        RootTree(name: container.rawValue, container: container, children: children)
    }

    /// The app types in the tree, root first.
    var appTypes: [String] {
        (container == nil ? [name] : []) + children.flatMap(\.appTypes)
    }

    /// Words in the name of a screen an app shows before, or instead of, its normal path: a
    /// login, onboarding, a lock, a launch or loading screen.
    static let gatewayWords = ["Login", "LogIn", "SignIn", "SignUp", "Onboarding", "Welcome", "Intro", "Tutorial",
                               "Passcode", "Lock", "Splash", "Launch", "Loading", "Auth", "Authentication"]

    /// Whether the screen the window shows first gates the app: its name holds one of
    /// ``gatewayWords`` as a word of its own (`LoginViewController`, not `AuthorList`). Among
    /// alternatives only run time decides, the other is the app's normal path.
    /// An app's navigation controller class showing a screen (`NavigationController(rootViewController:
    /// OnboardingController())`) shows that screen first.
    var isGateway: Bool {
        let types = appTypes
        guard let first = types.first else { return false }
        if Self.namesGateway(first) { return true }
        return first.hasSuffix("NavigationController") && types.dropFirst().first.map(Self.namesGateway) == true
    }

    /// Whether the root is a screen UIKit apps show only while they start (`SplashViewController`,
    /// `LaunchController`), which hands over to the app by itself.
    var isLaunchScreen: Bool {
        ["Splash", "Launch"].contains { word in Self.names(name, word: word) }
    }

    /// Whether `name`, a type or the property holding a screen (`loginViewController`), holds
    /// one of ``gatewayWords`` as a word of its own.
    static func namesGateway(_ name: String) -> Bool {
        gatewayWords.contains { word in names(name, word: word) }
    }

    /// Whether `name` holds `word` as a word of its own: followed by its end, a capital or `_`.
    private static func names(_ name: String, word: String) -> Bool {
        let type = name.prefix(1).uppercased() + name.dropFirst()
        var rest = type[...]
        while let found = rest.range(of: word) {
            let next = type[found.upperBound...].first
            if next == nil || next?.isUppercase == true || next == "_" { return true }
            rest = type[found.upperBound...]
        }
        return false
    }

    /// The app type the window shows first: the root itself, or the first app type down the
    /// first children of its containers.
    var firstAppType: String? {
        container == nil ? name : children.lazy.compactMap(\.firstAppType).first
    }
}
