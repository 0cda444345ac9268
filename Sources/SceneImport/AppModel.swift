import SceneImportVocabulary
import SceneImportResources
import SwiftSyntax

/// The app's responders as the source shows them: which types are responders of which kind,
/// which actions each implements, their validation rules, and how controllers contain each
/// other.
struct AppModel {
    let index: SourceIndex
    let inventory: [ImportedCommand]

    /// What UIKit component a type is, from its system superclass.
    enum Role: Equatable {
        case controller, view, textField, textView, application, windowScene, window, responder
        case swiftUIView, other
    }

    /// A validation rule read from `canPerformAction(_:withSender:)` or `validate(_:)`.
    struct Validation: Hashable {
        var action: String
        /// The condition under which the action is allowed, as source text.
        var condition: String
        var location: SourceLocation
    }

    /// Containment the source shows.
    struct Edge: Hashable {
        /// `column` is a split view's column an iPad shows (`.primary`, `.supplementary`,
        /// `.secondary`), `compactColumn` its `.compact` column (``SplitViewColumn``).
        /// `cell` is a table or collection view cell (or header, footer, supplementary view)
        /// the type registers or dequeues: its views sit under the type.
        enum Kind: String { case child, navigationRoot, tab, presented, windowRoot, hosted, column, compactColumn, cell }
        var parent: String
        var child: String
        var kind: Kind
        var location: SourceLocation
        /// For a ``Kind/tab`` edge the source lists in order, the tab's position: a
        /// `Nav(rootViewController: Feed())` tab gives `Nav` and `Feed` at one position.
        var tab: Int? = nil
        /// Whether the parent's code pushes or shows the child (`pushViewController(_:animated:)`,
        /// `show(_:sender:)`, an app's `push…` method): a screen the user reaches after launch,
        /// not one the parent holds (``ContainmentFinder/shownLater``).
        var pushed = false
    }

    private(set) var roles: [String: Role] = [:]
    private(set) var actions: [String: [String]] = [:]
    private(set) var validations: [String: [Validation]] = [:]
    private(set) var edges: [Edge] = []
    /// The SwiftUI text controls each SwiftUI view builds in place (not in a presentation), in
    /// source order, by the name ``FocusableClass/swiftUIControls`` registers.
    private(set) var swiftUITextControls: [String: [String]] = [:]
    /// The app types a type's overridden `next` returns (`override var next: UIResponder? {
    /// services.mainCoordinator }`), by the type: they follow it in the responder chain (R11).
    private(set) var nextResponders: [String: [String]] = [:]
    /// Where each type presents a `UIAlertController` it gave a text field (`alert.addTextField
    /// { … }` then `present(alert, …)`), by the presenting type: UIKit makes the alert's first
    /// text field first responder when it appears.
    private(set) var textFieldAlerts: [String: SourceLocation] = [:]
    /// The children a container holds but tells of their appearance only later, by the
    /// container: an Objective-C container that forwards appearance itself
    /// (`beginAppearanceTransition:animated:`) and, when it appears, forwards it to other members
    /// than the one holding the child (a sidebar container showing its main controller); and the
    /// screens a controller pushes or shows (``ContainmentFinder/shownLater``).
    private(set) var appearsLater: [String: Set<String>] = [:]
    /// Types set as a window's root controller.
    private(set) var windowRoots: [String] = []
    /// The classes the app's code casts or tests a window's root for, in source order: what the
    /// app takes its root to be where the source shows no entry point setting it.
    private(set) var rootClassTests: [(type: String, location: SourceLocation)] = []
    /// What the app's Objective-C makes first responder (``ObjectiveCFocus``).
    var objectiveCFocus = ObjectiveCFocus()
    /// Window roots the storyboard the app starts from, or an Objective-C app or scene
    /// delegate, sets without a run-time condition (``EntryPointReader`` reads Swift's entry
    /// points). A root set elsewhere, or under a condition (a lock screen, onboarding), is a
    /// window that is never the key window.
    private(set) var entryWindowRoots: [String] = []
    /// The initial controller of the storyboard the app may start from without an `Info.plist`
    /// naming it (``InterfaceFiles/defaultStoryboard``).
    private(set) var defaultStoryboardRoot: String?
    /// Window roots an Objective-C app or scene delegate sets under a run-time condition, with
    /// it: the window planner decides the idiom's tests (`if ([UIApplication isIPad])`) and
    /// weighs the rest as the Swift entry point's conditional roots. `holder` is the property
    /// the root is read from (`self.loginViewController`), if any.
    private(set) var conditionalEntryRoots: [(type: String, holder: String?, condition: Condition, location: SourceLocation)] = []
    /// The scene delegate classes the `Info.plist` names for the app's windows, the launch
    /// configuration first.
    private(set) var sceneDelegates: [String] = []
    /// The storyboards an `Info.plist` names for the app's windows that the import did not read.
    private(set) var missingEntryStoryboards: [String] = []
    /// Whether the import read an `Info.plist`.
    private(set) var readsInfoPlist = false
    /// The return types Objective-C `+` methods declare, by `Class selector`
    /// (``classMethodResults(_:)``).
    var classMethodResults: [String: String] = [:]
    /// The UIKit containers built around an entry root, by that root: a storyboard's initial
    /// controller's (a plain `UITabBarController` holding the app's tabs), or an Objective-C
    /// entry point's navigation controller it gives a stack (``addContainerRoot(_:at:)``).
    private(set) var containerRoots: [String: RootTree] = [:]
    /// The window roots each type's own code sets (`window.rootViewController = tabs` in a
    /// splash screen handing over to the app), in source order.
    private(set) var rootsSetBy: [String: [String]] = [:]
    /// Where each window root is set (the first place the source sets it).
    private(set) var rootLocations: [String: SourceLocation] = [:]
    /// Where the evaluator's work budget cut providers short (``EvaluationBudget``).
    private(set) var evaluationCuts: [EvaluationCut] = []
    /// What each type's `keyCommands` getter costs a call (``GetterCost``).
    var getterCosts: [GetterCost] = []
    /// The main-menu changes the app's menu code makes, in order (``MainMenuOperation``).
    var mainMenu: [MainMenuOperation] = []
    /// What the developer's overlay file states (``ImportOverlay``).
    private(set) var overlay = ImportOverlay()
    /// The app's own names for idiom and size-class tests.
    let idiomHelpers: IdiomHelpers

    init(index: SourceIndex, inventory: [ImportedCommand], evaluator: Evaluator) {
        self.index = index
        self.inventory = inventory
        idiomHelpers = IdiomHelpers(index: index)
        let responderProviders = Set(inventory.filter { $0.mechanism == .keyCommands || $0.mechanism == .addKeyCommand }.map(\.declaredIn))
        let commandActions = Set(inventory.compactMap(\.action))
        var subviews: [Subview] = []
        let wrappers = ContainmentWrappers(index: index)
        for key in index.types.keys.sorted() {
            guard let info = index.types[key] else { continue }
            roles[info.name] = role(of: info, providesResponderCommands: responderProviders.contains(info.name))
            // A method a command's `#selector` names is visible to Objective-C even without
            // `@objc`: the compiler requires it, or (Swift 3) inferred it for `NSObject` subclasses.
            let own = info.functions.filter {
                $0.kind == .function && !$0.isStatic && ($0.isObjC || $0.isOverride || commandActions.contains($0.selector))
            }
            var selectors = own.filter { !$0.isOverride || Self.standardEditActions.contains($0.selector) }.map(\.selector)
            if info.kind == .extensionOnly, index.isSystemType(info.name) {
                // `@objc` helpers in `extension UIView`/`UIResponder`: actions only when a command
                // or a standard edit action names them, or every subclass would look like a
                // first-responder candidate.
                selectors = selectors.filter { commandActions.contains($0) || Self.standardEditActions.contains($0) }
            }
            if !selectors.isEmpty { actions[info.name] = Array(Set(selectors)).sorted() }
            let rules = readValidations(of: info, evaluator: evaluator)
            if !rules.isEmpty { validations[info.name] = rules }
            readContainment(of: info, wrappers: wrappers, evaluator: evaluator, subviews: &subviews)
            if let next = info.properties["next"], next.isOverride, let getter = next.getter {
                let returned = getter.compactMap { $0.item.as(ExprSyntax.self) ?? $0.item.as(ReturnStmtSyntax.self)?.expression }
                let types = returned.flatMap { index.typeNames(of: $0, in: info, root: Syntax(getter)) }.filter { $0 != info.name }
                if !types.isEmpty { nextResponders[info.name] = types }
            }
        }
        addSubviewEdges(subviews, evaluator: evaluator)
        for edge in selfShownEdges() where !edges.contains(where: { $0.parent == edge.parent && $0.child == edge.child }) {
            edges.append(edge)
            if edge.pushed { appearsLater[edge.parent, default: []].insert(edge.child) }
        }
        edges = Self.edgesOfAdopters(edges, index: index)
        evaluationCuts = evaluator.meter.cuts
    }

    /// The containment a protocol extension's methods show, moved to the classes that adopt the
    /// protocol (directly, or through a protocol that inherits it): `extension FlowController {
    /// func show(_ item: Item) { showDetailViewController(DetailViewController(), …) } }` runs
    /// with `self` an adopting navigation controller. Edges of other parents are kept as found.
    static func edgesOfAdopters(_ edges: [Edge], index: SourceIndex) -> [Edge] {
        var result: [Edge] = []
        var seen: Set<[String]> = []
        // Each protocol's adopters are found once: finding them reads every type.
        var adopters: [String: [String]] = [:]
        for edge in edges {
            var parents = [edge.parent]
            if index.type(named: edge.parent)?.kind == .protocol {
                parents = adopters[edge.parent] ?? index.classAdopters(of: edge.parent)
                adopters[edge.parent] = parents
            }
            for parent in parents where parent != edge.child && seen.insert([parent, edge.child]).inserted {
                var moved = edge
                moved.parent = parent
                result.append(moved)
            }
        }
        return result
    }

    /// Adds a validation rule to a type.
    mutating func addValidation(_ rule: Validation, to type: String) {
        validations[type, default: []].append(rule)
    }

    /// Records the SwiftUI text controls a SwiftUI view builds (``swiftUITextControls``).
    mutating func addTextControls(_ controls: [String], builtBy view: String) {
        swiftUITextControls[view, default: []] += controls
    }

    /// Records that `container` tells `child` of its appearance only after launch (``appearsLater``).
    mutating func addAppearingLater(_ child: String, in container: String) {
        appearsLater[container, default: []].insert(child)
    }

    /// Adds a containment edge the source shows, once.
    mutating func addEdge(_ edge: Edge) {
        guard edge.parent != edge.child, !edges.contains(where: { $0.parent == edge.parent && $0.child == edge.child }) else { return }
        edges.append(edge)
    }

    /// Records that the app's code takes a window's root for `type` (a cast or a class test).
    mutating func addRootClassTest(_ type: String, at location: SourceLocation) {
        rootClassTests.append((type, location))
    }

    /// Adds a window root; `entry` when the app's entry point sets it unconditionally.
    mutating func addWindowRoot(_ type: String, entry: Bool, at location: SourceLocation) {
        if rootLocations[type] == nil { rootLocations[type] = location }
        if !windowRoots.contains(type) { windowRoots.append(type) }
        if entry, !entryWindowRoots.contains(type) { entryWindowRoots.append(type) }
    }

    /// Records the tree an entry point builds around one of UIKit's containers as a window's
    /// root (`self.window.rootViewController = navigationController` after
    /// `[navigationController setViewControllers:…]`), where it sets it. `name` is the window
    /// root it stands for (the first app controller it shows); the container's class when
    /// `nil`.
    mutating func addContainerRoot(_ tree: RootTree, named name: String? = nil, at location: SourceLocation) {
        let name = name ?? tree.name
        containerRoots[name] = tree
        if rootLocations[name] == nil || name == tree.name { rootLocations[name] = location }
    }

    /// Adds a window root the entry point sets under `condition` (``conditionalEntryRoots``).
    mutating func addConditionalEntryRoot(_ type: String, holder: String?, condition: Condition, at location: SourceLocation) {
        addWindowRoot(type, entry: false, at: location)
        conditionalEntryRoots.append((type, holder, condition, location))
    }

    /// Takes in an overlay: its responder kinds, containment and key window win over what the
    /// source shows.
    mutating func apply(_ overlay: ImportOverlay) {
        self.overlay = overlay
        for (type, kind) in overlay.responders {
            switch kind {
            case .controller: roles[type] = .controller
            case .view: roles[type] = .view
            case .textField: roles[type] = .textField
            case .textView: roles[type] = .textView
            case .responder: roles[type] = .responder
            }
        }
        for edge in overlay.containment {
            let kind: Edge.Kind
            switch edge.kind {
            case .child: kind = .child
            case .navigationRoot: kind = .navigationRoot
            case .tab: kind = .tab
            case .presented: kind = .presented
            case .hosted: kind = .hosted
            }
            edges.removeAll { $0.child == edge.child && kind != .presented && $0.kind != .presented }
            edges.append(Edge(parent: edge.parent, child: edge.child, kind: kind, location: SourceLocation(file: overlay.file, line: 0)))
        }
        if let key = overlay.keyWindow {
            windowRoots.removeAll { $0 == key }
            windowRoots.insert(key, at: 0)
            entryWindowRoots.removeAll { $0 == key }
            entryWindowRoots.insert(key, at: 0)
        }
    }

    /// UIKit's container controllers, which apps use without subclassing.
    static let systemContainers = Set(Storyboard.containerClasses.values)

    static let standardEditActions: Set<String> = [
        "copy:", "cut:", "paste:", "selectAll:", "delete:", "undo", "redo", "find:", "toggleBoldface:",
        "toggleItalics:", "toggleUnderline:", "increaseSize:", "decreaseSize:",
    ]

    /// The SwiftUI protocols whose conformers hold `.keyboardShortcut` in their bodies: views,
    /// view modifiers (a modified view is a view of the hierarchy), menu commands, apps, scenes
    /// and toolbar content.
    static let swiftUIProtocols: Set<String> = ["View", "ViewModifier", "Commands", "App", "Scene", "ToolbarContent",
                                                "CustomizableToolbarContent"]

    /// What `info` is in the scene. A class whose superclass chain leaves the source through a
    /// class it does not declare (a pod's `LGSideMenuController`, a framework's base controller)
    /// is known by that class's name; when the name does not tell, a class that returns commands
    /// from `keyCommands` or adds them with `addKeyCommand` is a responder all the same, since
    /// only responders do.
    private func role(of info: SourceIndex.TypeInfo, providesResponderCommands: Bool) -> Role {
        if info.kind == .struct, info.inherited.contains(where: Self.swiftUIProtocols.contains) || index.isSwiftUIView(info) {
            return .swiftUIView
        }
        if info.kind == .extensionOnly,
           info.properties["keyCommands"]?.isOverride == true || info.functions.contains(where: { $0.isOverride && $0.name == "canPerformAction" }) {
            // A class declared outside the Swift source (in Objective-C) that Swift extends with
            // responder overrides is a responder; its name tells a controller. Of UIKit's own
            // classes, the containers an app instantiates as they are (a storyboard's tab bar
            // controller, `UINavigationController(rootViewController:)`) are controllers.
            if !index.isSystemType(info.name) { return info.name.hasSuffix("Controller") ? .controller : .responder }
            if Self.systemContainers.contains(info.name) { return .controller }
        }
        if info.kind == .extensionOnly, providesResponderCommands, let role = Self.systemRole(of: info.name) {
            // UIKit's (or WebKit's) own class given commands by an extension or an Objective-C
            // category (`WKWebView (Keys)`): every instance is a responder of its kind.
            return role
        }
        guard info.kind == .class else { return .other }
        if info.inherited.contains(where: { $0 == "UIWindowSceneDelegate" || $0 == "UISceneDelegate" }) { return .other }
        guard let base = index.systemBase(of: info.name) else { return .other }
        switch base {
        case "UITextField", "UISearchTextField": return .textField
        case "UITextView": return .textView
        case "UIApplication": return .application
        case "UIWindowScene", "UIScene": return .windowScene
        case "UIWindow": return .window
        case "UIResponder": return info.inherited.contains("UIApplicationDelegate") ? .application : .responder
        default:
            if base.hasSuffix("Controller") && base.hasPrefix("UI") { return .controller }
            if base.hasPrefix("UI") && (base.hasSuffix("View") || base.hasSuffix("Bar") || base == "UIControl"
                || base.hasSuffix("Picker") || base.hasSuffix("Button") || base.hasSuffix("Cell")) { return .view }
            // The rest of UIKit's views its hierarchy lists (`UILabel`).
            if Self.systemRole(of: base) == .view { return .view }
            // A class from a framework the import does not read (MapKit's `MKMapView`, WebKit's
            // `WKWebView`, a package's `PageboyViewController`, `GrowingTextView`) is known by
            // UIKit's naming.
            if let standIn = FocusableClass.standIn(forLibraryClass: base), let role = Self.systemRole(of: standIn.name) { return role }
            if base.hasSuffix("ViewController") { return .controller }
            if base.hasSuffix("View") { return .view }
            guard providesResponderCommands else { return .other }
            if base.hasSuffix("Controller") || info.name.hasSuffix("Controller") { return .controller }
            return .responder
        }
    }

    /// The role of a system class by its place in UIKit's hierarchy; `nil` for a class the
    /// hierarchy does not list.
    static func systemRole(of name: String) -> Role? {
        var current = name
        var seen: Set<String> = []
        while seen.insert(current).inserted {
            switch current {
            case "UITextField": return .textField
            case "UITextView": return .textView
            case "UIWindow": return .window
            case "UIViewController": return .controller
            case "UIView": return .view
            case "UIApplication": return .application
            case "UIResponder": return .responder
            default:
                guard let next = SourceIndex.systemSuperclass[current] else { return nil }
                current = next
            }
        }
        return nil
    }

    /// The actions a type implements, its own and its superclasses'. A class whose superclass
    /// chain leaves the source before UIKit (a package's `SplitViewController`) still inherits
    /// what the app adds to the UIKit classes its role stands for (`extension UIResponder`).
    func implementedActions(of type: String) -> [String] {
        var result = Set(actions[type] ?? [])
        for ancestor in index.ancestors(of: type) { result.formUnion(actions[ancestor.name] ?? []) }
        if !index.inherits(type, from: "UIResponder") {
            // The role's UIKit class and its superclasses (``SourceIndex/superclass(of:)``).
            var system = Self.uiKitClass[role(type)]
            while let name = system {
                result.formUnion(actions[name] ?? [])
                system = index.superclass(of: name)
            }
        }
        return result.sorted()
    }

    /// The UIKit class each role's responders are.
    static let uiKitClass: [Role: String] = [
        .controller: "UIViewController", .view: "UIView", .textField: "UITextField", .textView: "UITextView", .responder: "UIResponder",
    ]

    func role(_ type: String) -> Role { roles[type] ?? .other }

    /// Whether `type` is an app delegate that is itself a responder (a `UIResponder` subclass
    /// adopting `UIApplicationDelegate`): UIKit puts it at the end of every chain.
    func isResponderAppDelegate(_ type: String) -> Bool {
        guard let info = index.type(named: type), info.kind == .class,
              info.inherited.contains("UIApplicationDelegate") else { return false }
        return index.systemBase(of: type) == "UIResponder"
    }

    // MARK: - Validation

    private func readValidations(of info: SourceIndex.TypeInfo, evaluator: Evaluator) -> [Validation] {
        var result: [Validation] = []
        for function in info.functions {
            let isCanPerform = function.name == "canPerformAction" && function.parameters.count == 2
            let isValidate = function.name == "validate" && function.parameters.count == 1
            guard isCanPerform || isValidate, let body = function.body else { continue }
            let reader = ValidationReader(viewMode: .sourceAccurate)
            reader.walk(body)
            for (selectorText, condition, node) in reader.rules {
                let name = evaluator.selectorName(selectorText, frame: Evaluator.Frame(selfType: info.name))
                result.append(Validation(action: name, condition: condition, location: evaluator.location(node)))
            }
        }
        return result
    }

    // MARK: - Containment

    /// Containment from storyboards: relationship and embed segues between app classes, and
    /// the initial controller of each storyboard a window starts from as a window root.
    mutating func addContainment(from interface: InterfaceFiles) {
        sceneDelegates = interface.sceneDelegates
        missingEntryStoryboards = interface.missingEntryStoryboards
        readsInfoPlist = interface.readsInfoPlist
        for storyboard in interface.storyboards {
            // A plain UIKit container is a scene's own class when the app extends that class
            // with responder overrides (`extension UITabBarController { override var keyCommands … }`).
            func sceneClass(_ id: String) -> String? {
                guard let controller = storyboard.controllers[id] else { return nil }
                if let customClass = controller.customClass { return customClass }
                return Storyboard.containerClasses[controller.element].flatMap { role($0) == .controller ? $0 : nil }
            }
            if interface.defaultStoryboard == storyboard.name, let initial = storyboard.initialController,
               let root = storyboard.appClass(of: initial), index.type(named: root) != nil {
                addWindowRoot(root, entry: false, at: SourceLocation(file: storyboard.file, line: 1))
                defaultStoryboardRoot = root
            }
            if interface.entryStoryboards.contains(storyboard.name), let initial = storyboard.initialController,
               let root = sceneClass(initial) ?? storyboard.appClass(of: initial), index.type(named: root) != nil {
                addWindowRoot(root, entry: true, at: SourceLocation(file: storyboard.file, line: 1))
                if sceneClass(initial) == nil, let tree = storyboardTree(initial, in: storyboard, depth: 0), tree.container != nil {
                    containerRoots[root] = tree
                }
            }
            for relationship in storyboard.relationships {
                guard let parent = sceneClass(relationship.source),
                      let child = sceneClass(relationship.destination) ?? storyboard.appClass(of: relationship.destination),
                      index.type(named: parent) != nil, index.type(named: child) != nil, parent != child,
                      !edges.contains(where: { $0.parent == parent && $0.child == child }) else { continue }
                let kind: Edge.Kind = relationship.kind == "viewControllers" ? .tab
                    : relationship.kind == "rootViewController" ? .navigationRoot : .child
                edges.append(Edge(parent: parent, child: child, kind: kind,
                                  location: SourceLocation(file: storyboard.file, line: relationship.line)))
            }
            // A `show` segue pushes its screen as `pushViewController` does; a presentation
            // segue presents it (a navigation controller it leads to stands for its root).
            for segue in storyboard.segues {
                guard let parent = sceneClass(segue.source),
                      let child = sceneClass(segue.destination) ?? storyboard.appClass(of: segue.destination),
                      index.type(named: parent) != nil, index.type(named: child) != nil, parent != child,
                      !edges.contains(where: { $0.parent == parent && $0.child == child }) else { continue }
                let pushed = segue.kind == "show"
                edges.append(Edge(parent: parent, child: child, kind: pushed ? .child : .presented,
                                  location: SourceLocation(file: storyboard.file, line: segue.line), pushed: pushed))
                if pushed { appearsLater[parent, default: []].insert(child) }
            }
        }
    }

    /// The root tree a storyboard controller builds: an app class, or one of UIKit's containers
    /// holding what its relationship segues lead to.
    private func storyboardTree(_ id: String, in storyboard: Storyboard, depth: Int) -> RootTree? {
        guard depth < 6, let controller = storyboard.controllers[id] else { return nil }
        if let customClass = controller.customClass { return index.type(named: customClass) != nil ? .app(customClass) : nil }
        guard let name = Storyboard.containerClasses[controller.element], let container = RootTree.Container(rawValue: name) else { return nil }
        let children = storyboard.relationships.filter { $0.source == id }.compactMap { storyboardTree($0.destination, in: storyboard, depth: depth + 1) }
        return .system(container, children: children)
    }

    /// Words every containment the ``ContainmentFinder`` reads has in its text (`addChild` is in
    /// `addChildViewController`, `show` in `showDetailViewController`). The subviews the type
    /// adds go to `subviews`, read once every type has its role (``addSubviewEdges(_:evaluator:)``).
    private mutating func readContainment(of info: SourceIndex.TypeInfo, wrappers: ContainmentWrappers, evaluator: Evaluator,
                                          subviews: inout [Subview]) {
        // One search per file for every word, which the finder below reuses.
        let words = ContainmentModel.words + wrappers.names
        guard index.files(declaring: info).contains(where: { index.offsets(of: words, inFile: $0)?.isEmpty != true })
        else { return }
        var roots: [Syntax] = info.functions.compactMap { function in function.body.map(Syntax.init) }
        for property in info.properties.values.sorted(by: { $0.name < $1.name }) {
            if let initializer = property.initializer { roots.append(Syntax(initializer)) }
            if let getter = property.getter { roots.append(Syntax(getter)) }
        }
        // A type's roots are mostly in one file: its mentions are looked up once per file.
        var mentionsByFile: [String: [Int]?] = [:]
        for root in roots {
            let file = index.sourceOfRoot[root.root.id]?.file ?? ""
            let mentions = mentionsByFile[file] ?? index.offsets(of: words, inFile: file)
            mentionsByFile[file] = mentions
            let finder = ContainmentFinder(mentions: mentions)
            finder.wrappers = wrappers
            finder.walk(root)
            for test in finder.rootClassTests {
                if let type = index.type(named: test.type, writtenIn: info.name) { addRootClassTest(type.name, at: evaluator.location(test.node)) }
            }
            for cell in finder.cells {
                guard let type = index.type(named: cell.type, writtenIn: info.name), type.kind == .class, type.name != info.name else { continue }
                addEdge(Edge(parent: info.name, child: type.name, kind: .cell, location: evaluator.location(cell.node)))
            }
            // A view the type adds as a subview that takes the focus or has commands: the
            // responders a screen shows without holding them in a property of its own.
            for subview in finder.subviews { subviews.append((subview.view, subview.receiver, info, root)) }
            for found in finder.found where found.kind == .presented && finder.textFieldAlerts.contains(found.expression.sourceText) {
                if textFieldAlerts[info.name] == nil { textFieldAlerts[info.name] = evaluator.location(found.expression) }
            }
            for found in finder.found {
                let groups = found.kind == .tab ? tabGroups(found.expression, in: info, root: root)
                    : [index.typeNames(of: found.expression, in: info, root: root)]
                let container = containerNamed(by: found.receiver, in: info, root: root) ?? info.name
                for (position, group) in groups.enumerated() {
                    for child in group where child != info.name && child != container {
                        // An app's own showing method (`router.push(vc)`, `presentModally(vc)`) counts
                        // only for a controller.
                        if found.isAppMethod, !index.inherits(child, from: "UIViewController") { continue }
                        let parent = found.kind == .windowRoot ? "" : container
                        let tab = found.kind == .tab && groups.count > 1 ? position : nil
                        let edge = Edge(parent: parent, child: child, kind: found.kind, location: evaluator.location(found.expression),
                                        tab: tab, pushed: finder.shownLater.contains(found.expression.id))
                        if found.kind == .windowRoot {
                            addWindowRoot(child, entry: false, at: edge.location)
                            if !(rootsSetBy[info.name]?.contains(child) ?? false) { rootsSetBy[info.name, default: []].append(child) }
                        } else if !edges.contains(where: { $0.parent == parent && $0.child == child }) {
                            edges.append(edge)
                            // A pushed screen is not on screen at launch: its focus waits for the push.
                            if edge.pushed { appearsLater[parent, default: []].insert(child) }
                        }
                    }
                }
            }
        }
    }

    /// The app's controller a containment call or assignment names as its receiver
    /// (`tabBarController.viewControllers = …` in a coordinator whose `tabBarController` is the
    /// app's `MainTabs`, `split.setViewController(…, for: .primary)`, `shell.addChild(…)`): the
    /// container that holds the child, rather than the type whose code makes the call. `nil`
    /// when there is no receiver (``ContainmentFinder/found``) or it is not one app controller.
    private func containerNamed(by receiver: ExprSyntax?, in info: SourceIndex.TypeInfo, root: Syntax) -> String? {
        guard let receiver else { return nil }
        return index.appClass(namedBy: receiver, inheriting: "UIViewController", in: info, root: root)
    }

    /// The app types of each tab a `viewControllers` value lists, in order: an array's
    /// elements, the elements of an array a `map` wraps (`[feed, profile].map {
    /// Nav(rootViewController: $0) }`: the wrapper and the element, per tab), or those of a
    /// local array the code fills. One group when the source does not list the tabs.
    private func tabGroups(_ expression: ExprSyntax, in info: SourceIndex.TypeInfo, root: Syntax) -> [[String]] {
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.map { index.typeNames(of: $0.expression, in: info, root: root) }
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let (base, transform) = SourceIndex.mapping(call),
           let array = base.as(ArrayExprSyntax.self) {
            let wrapper = transform.map { index.typeNames(of: $0, in: info, root: root) } ?? []
            return array.elements.map { element in
                wrapper + index.typeNames(of: element.expression, in: info, root: root).filter { !wrapper.contains($0) }
            }
        }
        // A local array the code fills (`var controllers = [video]`, `controllers.append(audio)`).
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           let elements = SourceIndex.arrayElements(ofLocal: name, in: root), !elements.isEmpty {
            return elements.map { index.typeNames(of: $0, in: info, root: root) }
        }
        return [index.typeNames(of: expression, in: info, root: root)]
    }

    /// Whether a function is where UIKit hands the app its first window: the scene delegate's
    /// `scene(_:willConnectTo:options:)` or the app delegate's
    /// `application(_:didFinishLaunchingWithOptions:)` / `willFinishLaunchingWithOptions`, or
    /// the older `applicationDidFinishLaunching(_:)`, which UIKit calls when the delegate has
    /// neither launch method.
    static func isEntryPoint(_ function: SourceIndex.FunctionInfo) -> Bool {
        let labels = function.parameters.map(\.label)
        switch function.name {
        case "scene": return labels.contains("willConnectTo")
        case "application": return labels.contains("didFinishLaunchingWithOptions") || labels.contains("willFinishLaunchingWithOptions")
        case "applicationDidFinishLaunching": return labels.count == 1
        default: return false
        }
    }

    /// Whether `node` runs only under a run-time condition inside `root`: in an `if`, `guard`
    /// or `switch` branch, a ternary, or a closure (run later, if at all).
    static func isConditional(_ node: some SyntaxProtocol, within root: Syntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent, current.id != root.id {
            if let ifExpression = parent.as(IfExprSyntax.self), current.id != ifExpression.conditions.id {
                // `if #available` is decided at compile time against the deployment target.
                if !ifExpression.conditions.sourceText.hasPrefix("#available") { return true }
            }
            if parent.is(SwitchCaseSyntax.self) || parent.is(TernaryExprSyntax.self) || parent.is(ClosureExprSyntax.self) {
                return true
            }
            if let guardStatement = parent.as(GuardStmtSyntax.self), current.id == guardStatement.body.id { return true }
            current = parent
        }
        return false
    }
}
