import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The controllers of an Interface Builder storyboard and the relationships between them:
/// `rootViewController` and `viewControllers` relationship segues, `embed` segues of container
/// views, and the initial controller.
package struct Storyboard {
    /// A controller scene: its element (`viewController`, `navigationController`, …) and the
    /// app class it instantiates, if any.
    package struct Controller {
        var id: String
        package var element: String
        package var customClass: String?
        /// The identifier `instantiateViewController(withIdentifier:)` finds it by.
        package var storyboardIdentifier: String?
        /// The app class of the scene's own view (`<view key="view" customClass="Canvas">`).
        package var viewClass: String?
        var line: Int
    }

    /// A segue that makes `destination` part of `source` when `source` is shown.
    package struct Relationship {
        package var source: String
        package var destination: String
        package var kind: String
        package var line: Int
    }

    /// The storyboard's name: its file name without `.storyboard`.
    package var name: String
    package var file: String
    package var controllers: [String: Controller] = [:]
    package var relationships: [Relationship] = []
    /// The segues that show a screen when the user acts (a cell or button's `show`, `push` or
    /// `showDetail` segue, kind `show`; a `presentation`, `modal` or popover one, kind
    /// `present`): screens the user reaches, not part of their source.
    package var segues: [Relationship] = []
    package var initialController: String?

    /// The segue kinds that show a screen, by the kind ``segues`` gives them.
    static let screenSegues = ["show": "show", "push": "show", "showDetail": "show",
                               "presentation": "present", "modal": "present", "popoverPresentation": "present", "popover": "present"]

    /// Parses a storyboard; `nil` when it is not one.
    init?(data: Data, file: some ResourceFile) {
        name = URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent
        self.file = file.displayPath
        let reader = StoryboardReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else { return nil }
        for controller in reader.controllers { controllers[controller.id] = controller }
        relationships = reader.relationships
        segues = reader.segues
        initialController = reader.initialController
    }

    /// The tab bar controllers of the storyboard: the app class each instantiates (`nil` for a
    /// plain `UITabBarController`) and how many tabs its `viewControllers` relationships give.
    package var tabBarControllers: [(customClass: String?, tabs: Int)] {
        controllers.values.filter { $0.element == "tabBarController" }.sorted { $0.id < $1.id }.map { controller in
            (controller.customClass, relationships.count { $0.source == controller.id && $0.kind == "viewControllers" })
        }
    }

    /// UIKit's container controllers, which apps use without subclassing, by the storyboard
    /// element that instantiates each (`tabBarController` makes a `UITabBarController`).
    package static let containerClasses: [String: String] = [
        "tabBarController": "UITabBarController", "navigationController": "UINavigationController",
        "splitViewController": "UISplitViewController", "pageViewController": "UIPageViewController",
    ]

    /// The app classes the storyboard's controllers with a storyboard identifier stand for
    /// (``appClass(of:depth:)``), by that identifier.
    package var identifiedClasses: [(identifier: String, appClass: String)] {
        controllers.values.sorted { $0.id < $1.id }.compactMap { controller in
            guard let identifier = controller.storyboardIdentifier, let appClass = appClass(of: controller.id) else { return nil }
            return (identifier, appClass)
        }
    }

    /// The app classes of the controller scenes' own views, by the controller's app class.
    package var viewClasses: [(controller: String, view: String)] {
        controllers.values.sorted { $0.id < $1.id }.compactMap { controller in
            guard let customClass = controller.customClass, let view = controller.viewClass else { return nil }
            return (customClass, view)
        }
    }

    /// The initial controller: the app class it stands for (``appClass(of:depth:)``), and the
    /// UIKit container class when the initial scene is a plain container.
    package var initial: (appClass: String, container: String?)? {
        guard let id = initialController, let controller = controllers[id], let appClass = appClass(of: id) else { return nil }
        return (appClass, controller.customClass == nil ? Self.containerClasses[controller.element] : nil)
    }

    /// The app class a controller scene stands for, looking through plain UIKit containers to
    /// their first related app class (a `navigationController` whose root is `Editor` stands
    /// for `Editor`).
    package func appClass(of id: String, depth: Int = 0) -> String? {
        guard depth < 8, let controller = controllers[id] else { return nil }
        if let customClass = controller.customClass { return customClass }
        for relationship in relationships where relationship.source == id {
            if let found = appClass(of: relationship.destination, depth: depth + 1) { return found }
        }
        return nil
    }
}

/// Collects controller scenes and segues while `XMLParser` walks a storyboard.
private final class StoryboardReader: NSObject, XMLParserDelegate {
    var controllers: [Storyboard.Controller] = []
    var relationships: [Storyboard.Relationship] = []
    var segues: [Storyboard.Relationship] = []
    var initialController: String?
    private var open: [String] = []

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if element == "document" { initialController = attributes["initialViewController"] }
        if element.hasSuffix("Controller") || element == "hostingController", let id = attributes["id"] {
            controllers.append(.init(id: id, element: element, customClass: attributes["customClass"],
                                     storyboardIdentifier: attributes["storyboardIdentifier"], line: parser.lineNumber))
            open.append(id)
        }
        // The scene's own view: the first `view` keyed `view` inside the controller.
        if element == "view" || element.hasSuffix("View"), attributes["key"] == "view", let customClass = attributes["customClass"],
           let id = open.last, let position = controllers.lastIndex(where: { $0.id == id }), controllers[position].viewClass == nil {
            controllers[position].viewClass = customClass
        }
        if element == "segue", let source = open.last, let destination = attributes["destination"], let kind = attributes["kind"] {
            if kind == "relationship" || kind == "embed" {
                relationships.append(.init(source: source, destination: destination,
                                           kind: kind == "embed" ? "embed" : (attributes["relationship"] ?? "relationship"),
                                           line: parser.lineNumber))
            } else if let shown = Storyboard.screenSegues[kind] {
                segues.append(.init(source: source, destination: destination, kind: shown, line: parser.lineNumber))
            }
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if element.hasSuffix("Controller") || element == "hostingController", !open.isEmpty { open.removeLast() }
    }
}

/// What an app's Xcode project says of its `Info.plist` besides naming its file: whether an iOS
/// application target has one (named or generated), and the storyboards its generated keys name
/// (`INFOPLIST_KEY_UIMainStoryboardFile`).
package struct ProjectInfoPlist: Sendable, Equatable {
    /// Whether an iOS application target names or generates an `Info.plist`.
    package var describesApplication = false
    /// The storyboards the generated `Info.plist` keys name.
    package var generatedStoryboards: [String] = []

    package init(describesApplication: Bool = false, generatedStoryboards: [String] = []) {
        self.describesApplication = describesApplication
        self.generatedStoryboards = generatedStoryboards
    }
}

/// The storyboards and `Info.plist` files of an app, and which storyboards a window starts
/// from (`UIMainStoryboardFile`, or a scene configuration's `UISceneStoryboardFile`).
package struct InterfaceFiles: Sendable {
    package var storyboards: [Storyboard] = []
    package var entryStoryboards: Set<String> = []
    /// `Main` when the app has a storyboard of that name that no `Info.plist` names, while no
    /// `Info.plist` names any other and no Xcode project read gives the app's `Info.plist`:
    /// Xcode's generated `Info.plist` keys (`INFOPLIST_KEY_UIMainStoryboardFile = Main`) live in
    /// the project file, so the app may still start from it. It stands for the key window only
    /// when no entry point sets one.
    package var defaultStoryboard: String?
    /// The scene delegate classes the `Info.plist` files name for the application role, the
    /// launch configuration first.
    package var sceneDelegates: [String] = []
    /// Whether any `Info.plist` was read.
    package var readsInfoPlist = false

    /// The storyboards a window starts from that are not among the files read.
    package var missingEntryStoryboards: [String] {
        entryStoryboards.filter { name in !storyboards.contains { $0.name == name } }.sorted()
    }

    package init() {}

    /// Reads `files`; `device` (`ipad`, `iphone`) picks the device-specific `Info.plist` keys
    /// UIKit reads on that device over the plain ones (`UIMainStoryboardFile~ipad`). `project`
    /// adds what the Xcode project says: an `Info.plist` it generates counts as read, with the
    /// storyboard its keys name.
    package init(files: [some ResourceFile], device: String? = nil, project: ProjectInfoPlist = ProjectInfoPlist()) {
        if project.describesApplication {
            readsInfoPlist = true
            entryStoryboards.formUnion(project.generatedStoryboards.filter { !$0.isEmpty })
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            if file.path.hasSuffix(".storyboard") {
                if let storyboard = Storyboard(data: data, file: file) { storyboards.append(storyboard) }
            } else if InfoPlist.describesABundle(data, named: file.path), let plist = InfoPlist(data: data, device: device) {
                readsInfoPlist = true
                entryStoryboards.formUnion(plist.entryStoryboards)
                for name in plist.sceneDelegates where !sceneDelegates.contains(name) { sceneDelegates.append(name) }
            }
        }
        storyboards.sort { $0.file < $1.file }
        // Without an `Info.plist` to name it, the storyboard an app starts from is Xcode's
        // default, `Main`.
        if !readsInfoPlist, storyboards.contains(where: { $0.name == "Main" }) { entryStoryboards.insert("Main") }
        // The project's own `Info.plist` settings, read, leave no such doubt: a storyboard they
        // name nowhere is not loaded.
        if readsInfoPlist, entryStoryboards.isEmpty, !project.describesApplication,
           storyboards.contains(where: { $0.name == "Main" }) { defaultStoryboard = "Main" }
    }
}
