import KeyTraceCore
import SceneImportVocabulary
import Scenes
import SwiftSyntax

/// Turns an ``AppModel`` into a scene (docs/Scenes.md): a window per root controller, the
/// controllers nested as the source nests them, views under the controllers that hold them,
/// every responder's commands, actions and validations, the main menu, and a state flag per
/// run-time condition.
///
/// It builds a ``SceneDefinition``, which the Scenes module writes (``SceneDefinition/jsonText``).
/// Output is deterministic: types are visited in sorted order, state values and actions are
/// sorted by their UTF-8 bytes, and the writer sorts every other field, so the same source
/// gives byte-identical scenes.
struct SceneBuilder {
    let name: String
    let model: AppModel
    /// The device whose layout the scene holds where the source branches on the idiom.
    var idiom: InterfaceIdiom = .pad

    /// What the builder made and what it had to leave out.
    struct Built {
        /// The scene file's text (``SceneDefinition/jsonText``).
        var json: String
        /// The scene, with no content hash (it has no text read yet).
        var definition: SceneDefinition
        /// Commands that could not go into the scene, with the reason.
        var omitted: [(command: ImportedCommand, reason: String)]
        /// Where each placed type sits: its responder path.
        var paths: [String: String]
        /// Condition text → state flag name.
        var flags: [String: String]
        /// Controllers and views with commands or actions that the key window does not reach and
        /// no presentation shows, each with the reason; the scene leaves them out.
        var unplaced: [Unplaced]
        /// How the key window and its root were decided, and the windows left out.
        var plan: WindowPlan
        /// The scene's first responder path, and where it comes from or why there is none.
        var firstResponder: String?
        var firstResponderReason: String
    }

    func build() -> Built {
        var state = BuildState()
        let commandsByType = withInheritedCommands(Dictionary(grouping: model.inventory.filter { $0.mechanism != .menu }, by: \.declaredIn))
        // SwiftUI `Commands` are menu items, not views: they go to the main menu.
        let relevant = Set(commandsByType.keys).union(model.index.types.values.compactMap { info in
            model.implementedActions(of: info.name).isEmpty ? nil : info.name
        }).filter { placeable(model.role($0)) && !isSwiftUICommands($0) }
        state.rootActions = Set(commandsByType.filter { isSwiftUICommands($0.key) }.values.joined().map(Self.swiftUIAction)).union(swiftUIMenuActions())

        // Children of each controller, in a stable order.
        var children: [String: [String]] = [:]
        var hasParent: Set<String> = []
        // Presented controllers are not in their presenter's chain until presented: they go to
        // the scene's `controllers`, which `present` effects show (``showsScreen(_:)``).
        var presented: [String] = []
        for edge in model.edges.sorted(by: { ($0.parent, $0.child) < ($1.parent, $1.child) })
        where placeable(model.role(edge.child)) && isShownOnDevice(edge) {
            if showsScreen(edge) {
                let role = model.role(edge.child)
                if isController(role) || role == .swiftUIView, !presented.contains(edge.child) { presented.append(edge.child) }
                continue
            }
            guard placeable(model.role(edge.parent)) else { continue }
            children[edge.parent, default: []].append(edge.child)
            hasParent.insert(edge.child)
        }
        hasParent.formUnion(presented)
        let owners = model.index.types.keys.sorted().compactMap { model.index.types[$0] }.filter {
            model.role($0.name) == .controller || model.role($0.name) == .view
        }
        // A controller with commands that no containment shows, held in a strong stored
        // property of one other controller, is that controller's child: a child a library adds
        // for it (a pager's pages) or one shown in a container view.
        let contained = Set(model.edges.map(\.child))
        for type in relevant.sorted() where model.role(type) == .controller && !contained.contains(type) && !hasParent.contains(type)
            && !model.windowRoots.contains(type) {
            let holders = owners.filter { info in
                model.role(info.name) == .controller && info.name != type
                    && info.properties.values.contains { !$0.isBackReference && !$0.isStatic && $0.heldClass == type }
            }
            guard holders.count == 1, let holder = holders.first else { continue }
            children[holder.name, default: []].append(type)
            hasParent.insert(type)
        }
        orderTabs(&children, state: &state)
        // Views held in a controller's properties: held ones first, then `weak` references to
        // views nothing holds.
        // A view without commands that holds one with commands (three views deep) carries it.
        var carriers = relevant
        for _ in 0..<3 {
            for info in owners where model.role(info.name) == .view && !carriers.contains(info.name) {
                if info.properties.values.contains(where: { !$0.isBackReference && $0.heldClass.map(carriers.contains) == true }) {
                    carriers.insert(info.name)
                }
            }
        }
        // Each type that holds a UIKit view of the app's own holds an instance of its own (a
        // custom text field on several screens), so such a view sits under every holder; one a
        // `weak` reference alone reaches sits under the first.
        var heldByProperty: Set<String> = []
        for backReferences in [false, true] {
            for info in owners {
                for property in info.properties.values.sorted(by: { $0.name < $1.name }) where property.isBackReference == backReferences {
                    guard let type = property.heldClass, carriers.contains(type), type != info.name,
                          !hasParent.contains(type) || (!backReferences && heldByProperty.contains(type)),
                          children[info.name]?.contains(type) != true else { continue }
                    let role = model.role(type)
                    if role == .view || role == .textField || role == .textView || role == .swiftUIView {
                        children[info.name, default: []].append(type)
                        hasParent.insert(type)
                        if !backReferences, role != .swiftUIView { heldByProperty.insert(type) }
                    }
                }
            }
        }

        // A controller's own view of an app class with commands or actions
        // (``ControllerRootViews``) is that controller's child: each screen has a view of its
        // own, the screens a base class's `loadView()` serves too, not the base class.
        let rootViews = model.controllerRootViews()
        let controllers = owners.filter { model.role($0.name) == .controller }
        let bases = Set(controllers.compactMap { model.index.superclass(of: $0.name) })
        var rootViewHeld: Set<String> = []
        for info in controllers where !bases.contains(info.name) {
            guard let view = rootViews.viewClass(of: info.name), carriers.contains(view),
                  !hasParent.contains(view) || rootViewHeld.contains(view), children[info.name]?.contains(view) != true else { continue }
            children[info.name, default: []].append(view)
            hasParent.insert(view)
            rootViewHeld.insert(view)
        }

        // A content view with commands or actions that a type's cells are configured with is
        // that type's child, as a view held in a property is.
        let contentViews = ContentViews(index: model.index)
        for info in owners {
            for type in contentViews.byOwner[info.name] ?? [] where carriers.contains(type) && !hasParent.contains(type) {
                children[info.name, default: []].append(type)
                hasParent.insert(type)
            }
        }

        // Only responders the scene can hold make requests that matter.
        let localClasses = LocalSubviews.classes(in: model.index)
        let focusReader = FirstResponderReader(index: model.index, rootViews: rootViews, localClasses: localClasses, objectiveC: model.objectiveCFocus)
        // SwiftUI's focus on appearing (``SwiftUIFocus``) counts as a view's request too.
        let swiftUIFocus = SwiftUIFocus(index: model.index).requests(ofViewsWhere: { model.role($0) == .swiftUIView },
                                                                     controls: { model.swiftUITextControls[$0] ?? [] })
        let requests = focusReader.requests { placeable(model.role($0)) }.merging(swiftUIFocus) { $0 + $1 }
        state.focusForwards = focusReader.focusForwards().merging(model.objectiveCFocus.forwards) { swift, _ in swift }
        state.heldResponders = heldResponders(requests, placedElsewhere: carriers, contentViews: contentViews, rootViews: rootViews,
                                              localClasses: localClasses)
        state.focusesItself = Set(requests.values.joined().filter { $0.property == nil }.map(\.owner))
        state.focusedProperties = FirstResponderReader.focusedProperties(requests)
        let parentsOf = Dictionary(children.flatMap { parent, list in list.map { ($0, [parent]) } }, uniquingKeysWith: +)
        state.searchesInNavigationBar = Set(NavigationBarSearch(index: model.index)
            .controllers(where: { model.role($0) == .controller }, parents: { parentsOf[$0] ?? [] }).keys)
        state.selectedTabs = SelectedTabReader(index: model.index).selections()
        let planned = buildKeyWindow(relevant: relevant, children: children, commandsByType: commandsByType, state: &state)
        var windows = planned.windows
        state.containers = Self.containerPaths(in: windows)

        // The main menu (``MainMenuAssembly``).
        var menus = MainMenuAssembly(model: model).entries(
            scene: { sceneCommand($0, state: &state) }, omit: { state.omitted.append(($0, $1)) })
        var menuShortcuts = Set(Self.shortcutKeys(in: menus))
        menus += swiftUICommandMenus(commandsByType: commandsByType, menuShortcuts: &menuShortcuts, state: &state)

        var modals: [NodeDefinition] = []
        var modalTypes: [String] = []
        let rootIsNavigation = windows.first?.children.first?.kind == .navigationController
        for type in presented where state.paths[type] == nil {
            modals.append(presentedNode(type, rootIsNavigation: rootIsNavigation, children: children, commandsByType: commandsByType, state: &state))
            modalTypes.append(type)
        }
        // The app delegate, when it is a responder (`UIResponder` adopting `UIApplicationDelegate`),
        // ends every chain after the application (R11): its own key commands are read there.
        // The app's `UIApplication` subclass (one: `UIApplicationMain` names a single class).
        // Either is in the scene when it declares commands or, failing one that does, performs
        // actions: UIKit asks it for a command's target like any responder of the chain (R14).
        let performers = model.index.types.keys.filter {
            model.role($0) == .application && commandsByType[$0] == nil && !model.implementedActions(of: $0).isEmpty
        }
        let chainEnds = commandsByType.keys.sorted() + performers.sorted()
        var application: NodeDefinition?
        if let subclass = chainEnds.first(where: {
            model.role($0) == .application && !model.isResponderAppDelegate($0) && state.paths[$0] == nil
        }) {
            application = applicationNode(subclass, commandsByType: commandsByType, state: &state)
        }
        let (appDelegate, freeResponders) = chainEnd(after: chainEnds, commandsByType: commandsByType, state: &state)
        let unplaced = unplacedTypes(relevant: relevant, children: children, plan: planned.plan, state: state)
        let unplacedReasons = Dictionary(unplaced.map { ($0.type, $0.reason) }, uniquingKeysWith: { first, _ in first })
        var topOf: [String: String] = [:]
        for entry in unplaced {
            for type in entry.types { topOf[type] = entry.type }
        }

        // Every inventory row is in the scene or left out with a reason.
        let omittedRows = Set(state.omitted.map { Self.row(of: $0.command) })
        for command in model.inventory where !omittedRows.contains(Self.row(of: command)) {
            if command.mechanism == .menu { continue }
            guard state.paths[command.declaredIn] == nil else { continue }
            let role = model.role(command.declaredIn)
            let reason: String
            if placeable(role) {
                let top = topOf[command.declaredIn] ?? command.declaredIn
                let why = unplacedReasons[top].map { ": " + $0 } ?? ""
                reason = "declared but not reachable in the scene: its provider \(command.declaredIn) is not placed"
                    + (top == command.declaredIn ? why : " (it sits in \(top)\(why))")
            } else if role == .window {
                reason = "its provider \(command.declaredIn) is one of several window classes with commands, and the source does not show which one the key window is"
            } else {
                reason = "its provider \(command.declaredIn) is not a responder the source declares (no UIKit superclass found); declare it with an overlay"
            }
            state.omitted.append((command, reason))
        }
        // UIKit refuses `becomeFirstResponder()` from a responder that cannot become first
        // responder: such a request focuses nothing.
        // At launch, of the SwiftUI views only the window's own is surely shown: a view it builds
        // may be under a condition the scene does not decide. A presented view focuses its
        // control when its state is entered (``focusing(_:of:under:state:)``).
        let windowView = planned.plan.key?.decision == .windowGroup ? planned.plan.key?.tree.name : nil
        let launchRequests = requests.filter { swiftUIFocus[$0.key] == nil || $0.key == windowView || model.role($0.key) != .swiftUIView }
        let accepted = firstResponder(requests: launchRequests, state: state) { Self.acceptsFocus($0, in: windows) }
        let named = model.overlay.firstResponder.flatMap { type in state.paths[type].map { (path: $0, reason: "named by the overlay") } }
        // Only when nothing takes the focus: the request UIKit refused, to say why.
        let chosen: (path: String?, reason: String)? = (named ?? accepted ?? swiftUIWindowResponder(in: &windows, plan: planned.plan))
            .map { ($0.path, $0.reason) }
            ?? firstResponder(requests: launchRequests, state: state).map { (nil, Self.refusedFocusReason($0.reason, path: $0.path)) }
        let firstResponder = chosen?.path
        // A flag standing for the literal `false` (a validation that refuses on every path),
        // and one only negated tests use, starts at 0; every other flag starts at 1 so its
        // commands show (of a test and its negation, the test's side).
        let neverHolds = Set(state.flags.filter { $0.key == "false" }.map(\.value))
        let onlyNegated = Set(state.flags.values).subtracting(state.heldFlags)
        let values = Self.sortedNames(state.flags.values).map { flag in
            let stated = model.overlay.state.last { $0.name == flag }?.value
            let initial = stated ?? launchValue(of: flag, state: state) ?? (neverHolds.contains(flag) || onlyNegated.contains(flag) ? 0 : 1)
            return SceneDefinition.StateValue(name: flag, initial: initial)
        }
        var states = presentationStates(modalTypes, state: state, rootIsNavigation: rootIsNavigation)
        if let alert = textFieldAlert(state: state, taken: modals.map(\.name)) {
            modals.append(alert.modal)
            states.append(alert.state)
        }
        let flagWrites = flagWrites(flagProperties(state: state), state: state)
        states += flagStates(flagWrites, values: values, taken: Set(states.map(\.name)), state: state)
        let definition = addingActionEffects(to: SceneDefinition(
            name: name.isEmpty ? "imported" : name, summary: "Imported from Swift source by keytrace scene import.",
            layout: KeyboardLayout.usANSI.identifier, state: values, menus: menus, windows: windows, controllers: modals,
            firstResponder: firstResponder, application: application, appDelegate: appDelegate, responders: freeResponders,
            states: states), screens: modalTypes, flagWrites: flagWrites)
        // A view held on several screens is built once per screen, and its commands the scene
        // cannot hold are left out each time; a menu item is a copy of its row: each row is
        // listed once, with its first reason.
        var listed: Set<Row> = []
        let omitted = state.omitted.filter { listed.insert(Self.row(of: $0.command)).inserted }
        return Built(json: definition.jsonText, definition: definition, omitted: omitted,
                     paths: state.paths, flags: state.flags, unplaced: unplaced, plan: planned.plan, firstResponder: firstResponder,
                     firstResponderReason: chosen?.reason ?? Self.noFirstResponderReason)
    }

    /// Whether a responder is made able to become first responder: views and responders with
    /// commands or actions. A controller only as its source says (an override of
    /// `canBecomeFirstResponder`, or making itself first responder): `UIViewController` answers
    /// `false`, and a controller's commands fire from a focused view inside it.
    static func becomesFirstResponder(role: AppModel.Role, hasCommands: Bool, hasActions: Bool) -> Bool {
        switch role {
        case .view, .responder, .swiftUIView: return hasCommands || hasActions
        default: return false
        }
    }

    /// A command's shortcut (a main-menu entry's `remove` lists it), when the source fixes it.
    static func shortcut(_ command: ImportedCommand) -> KeyShortcut? {
        guard let input = command.input, command.modifiers != nil else { return nil }
        return KeyShortcut(input: KeyInput(uiKitValue: input), modifiers: command.modifierFlags)
    }

    /// Names sorted by their UTF-8 bytes, the order of an object's keys in the scene's text.
    static func sortedNames(_ names: some Sequence<String>) -> [String] {
        names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// UIKit's window class.
    static let windowClass = "UIWindow"

    func placeable(_ role: AppModel.Role) -> Bool {
        switch role {
        case .controller, .view, .textField, .textView, .responder, .swiftUIView: return true
        default: return false
        }
    }

    func isController(_ role: AppModel.Role) -> Bool { role == .controller }

    /// Whether a node of `type` goes under every type holding it, although the scene holds one
    /// already: a UIKit view (each screen holds an instance of its own), not one of the nodes
    /// being built around it.
    func heldOnEveryScreen(_ type: String, state: BuildState) -> Bool {
        let role = model.role(type)
        return (role == .view || role == .textField || role == .textView) && !state.building.contains(type)
    }

    /// Whether `edge` shows its child as a screen the user opens: a presentation, containment
    /// that a type the scene cannot hold sets up (a coordinator or router pushing a controller or
    /// setting a navigation stack, the app delegate adding a child), or a controller pushing or
    /// showing another (``isPushedByController(_:)``). UIKit shows the first two from the top
    /// controller, whoever makes the call, and a push replaces the pusher on its navigation
    /// stack, so the screen is a scene state, neither a window nor the pusher's child.
    func showsScreen(_ edge: AppModel.Edge) -> Bool {
        switch edge.kind {
        case .presented: return true
        case .child, .navigationRoot, .tab, .column, .compactColumn, .cell:
            return !placeable(model.role(edge.parent)) || isPushedByController(edge)
        case .windowRoot, .hosted: return false
        }
    }

    /// Whether one of the app's screens pushes or shows the edge's child
    /// (`navigationController?.pushViewController(Editor(), animated: true)`): the child is the
    /// next screen of the pusher's navigation stack, not a controller the pusher holds. A
    /// navigation or split view controller pushing or showing on itself fills its own stack or
    /// column, which it holds.
    func isPushedByController(_ edge: AppModel.Edge) -> Bool {
        guard edge.pushed, edge.kind == .child, isController(model.role(edge.parent)), isController(model.role(edge.child)) else { return false }
        return !["UINavigationController", "UISplitViewController"].contains { edge.parent == $0 || model.index.inherits(edge.parent, from: $0) }
    }

    /// The action a SwiftUI shortcut performs in the scene. SwiftUI names none, so it is named
    /// after what identifies the shortcut on its declaring type and stays put when code around it
    /// moves: its shortcut (`keyboardShortcut(shift+cmd+n):`), else its title, else, when neither
    /// is known, its line.
    static func swiftUIAction(of command: ImportedCommand) -> String {
        if command.input?.isEmpty == false, command.modifiers != nil { return "keyboardShortcut(\(command.displayShortcut)):" }
        if let title = command.title { return "keyboardShortcut(\(title)):" }
        return "keyboardShortcut(line \(command.line)):"
    }

    /// The inventory row a command stands for: the copies the scene makes of a row (a menu
    /// item, a SwiftUI shortcut named after its key) differ from it in their action or title.
    struct Row: Hashable {
        var declaredIn: String, file: String, line: Int, input: String?, modifiers: ModifierFlags?
    }

    static func row(of command: ImportedCommand) -> Row {
        Row(declaredIn: command.declaredIn, file: command.file, line: command.line, input: command.input, modifiers: command.modifiers)
    }

    /// A node name: the type name, with `.` (nested types) as `-`.
    static func nodeName(_ type: String) -> String {
        type.replacingOccurrences(of: ".", with: "-").replacingOccurrences(of: "/", with: "-")
    }

    /// A responder's own commands, actions and validation rules, as a node holds them.
    struct ResponderParts {
        var commands: [SceneDefinition.CommandDefinition] = []
        /// The actions it implements, sorted by their UTF-8 bytes, each without effects here (the
        /// screens an action shows are added once the states are known: ``addingActionEffects(to:screens:flagWrites:)``).
        var actions: [NodeDefinition.ActionDefinition] = []
        var validations: [SceneValidation] = []
    }

    /// A responder's own commands, actions and validation rules.
    func responderParts(_ type: String, commandsByType: [String: [ImportedCommand]], state: inout BuildState) -> ResponderParts {
        var parts = ResponderParts()
        var actions = Set(model.implementedActions(of: type))
        for row in commandsByType[type] ?? [] {
            var command = row
            if command.mechanism == .swiftui {
                command.action = Self.swiftUIAction(of: command)
                actions.insert(command.action ?? "")
            }
            if let entry = sceneCommand(command, reporting: row, state: &state) { parts.commands.append(entry) }
        }
        parts.actions = Self.sortedNames(actions).map { NodeDefinition.ActionDefinition(action: $0) }
        let rules = (model.validations[type] ?? []) + model.index.ancestors(of: type).flatMap { model.validations[$0.name] ?? [] }
        var seenRules: Set<String> = []
        parts.validations = rules.compactMap { rule in
            guard seenRules.insert(rule.action).inserted else { return nil }
            let flag = flagName(for: rule.condition, state: &state)
            state.heldFlags.insert(flag)
            return SceneValidation(action: rule.action, disabledWhen: SceneCondition(state: flag, .equals, 0))
        }
        return parts
    }

    func node(_ type: String, parentPath: String, children: [String: [String]],
              commandsByType: [String: [ImportedCommand]], state: inout BuildState) -> NodeDefinition {
        let role = model.role(type)
        let name = Self.nodeName(type)
        let path = parentPath + "/" + name
        // A view on several screens is placed, for the report and the first responder, where
        // it is built first.
        if state.paths[type] == nil { state.paths[type] = path }
        state.building.append(type)
        defer { state.building.removeLast() }
        var kind: NodeDefinition.Kind
        switch role {
        case .controller: kind = containerKind(of: type, hasCommands: commandsByType[type] != nil, state: state)
        case .textField: kind = .textField
        case .textView: kind = .textView
        case .responder: kind = .responder
        case .application where model.isResponderAppDelegate(type): kind = .responder
        default: kind = .view
        }
        var own = responderParts(type, commandsByType: commandsByType, state: &state)
        let hasActions = !own.actions.isEmpty
        if role == .swiftUIView, !state.hostedShortcuts.isEmpty {
            // SwiftUI registers a view's shortcuts with the controller hosting it.
            own = hoist(own, state: &state)
        }
        var node = NodeDefinition(kind: kind, name: name, commands: own.commands, actions: own.actions, validations: own.validations)
        if isController(role) { state.hostedShortcuts.append(HostedShortcuts(path: path)) }
        for child in children[type] ?? [] where state.paths[child] == nil || heldOnEveryScreen(child, state: state) {
            let childRole = model.role(child)
            if isController(role) && isController(childRole) {
                node.children.append(self.node(child, parentPath: path, children: children, commandsByType: commandsByType, state: &state))
            } else if isController(childRole), let host = state.hostedShortcuts.last {
                // A controller a SwiftUI view shows (`UIViewControllerRepresentable`) is a child
                // of the controller hosting the view.
                let built = self.node(child, parentPath: host.path, children: children, commandsByType: commandsByType, state: &state)
                if !state.hostedShortcuts.isEmpty { state.hostedShortcuts[state.hostedShortcuts.count - 1].controllers.append(built) }
            } else if !isController(childRole) {
                node.views.append(self.node(child, parentPath: path, children: children, commandsByType: commandsByType, state: &state))
            }
        }
        // A view the type both adds (a subview, a cell) and holds in a property is one node.
        node.views += heldViews(of: type, path: path, state: &state).filter { held in !node.views.contains { $0.name == held.name } }
        // The navigation bar showing a child's search bar is the navigation controller's: this
        // node's, or that of a UIKit navigation controller the scene leaves out between a tab
        // bar or split view and its child. A plain controller's children are its own or those
        // it pushes, whose bar is not its.
        if !state.searchesInNavigationBar.isEmpty,
           NavigationBarSearch.containers.contains(where: { type == $0 || model.index.inherits(type, from: $0) }) {
            let searching = (children[type] ?? []).filter { child in
                installsSearchInNavigationBar(child, state: state) && node.children.contains { $0.name == Self.nodeName(child) }
            }
            if !searching.isEmpty { node.views.append(NavigationBarSearch.navigationBarNode(installedBy: searching)) }
        }
        state.hiddenAtLaunch += childrenShownLater(of: type, children: node.children.map(\.name), path: path, state: state)
        // A tab bar holding views of its own stays a plain controller node.
        if state.tabBars.contains(type), kind == .tabBarController, !node.views.isEmpty {
            kind = .viewController
            node.kind = kind
        }
        if kind == .tabBarController { node.selectedTab = selectedTab(of: type, tabs: node.children.count, state: state) }
        if isController(role), let hosted = state.hostedShortcuts.popLast() { hosted.merge(into: &node) }
        let hasCommands = !(commandsByType[type] ?? []).isEmpty || !node.commands.isEmpty
        if Self.becomesFirstResponder(role: role, hasCommands: hasCommands, hasActions: hasActions)
            || state.focusesItself.contains(type) || model.allowsFirstResponder(type) {
            node.canBecomeFirstResponder = true
        }
        if kind == .viewController || kind == .view || kind == .responder, model.adoptsKeyInput(type) {
            node.keyInput = true
        }
        node.keyCommandsGetter = getter(type)
        return node
    }

    /// What one call of `type`'s `keyCommands` getter costs, when the source shows it.
    func getter(_ type: String) -> KeyCommandsGetter? {
        guard let cost = model.getterCosts.first(where: { $0.type == type }) else { return nil }
        return KeyCommandsGetter(builds: cost.computed ? cost.commandsBuiltPerCall : cost.storedCommands, computed: cost.computed,
                                 costly: cost.costly)
    }

    /// The app's `UIApplication` subclass as the scene's `application` node: its commands,
    /// actions and validations are the application's own, read after the key window and before
    /// the main menu (R11). Its path is `application`.
    private func applicationNode(_ type: String, commandsByType: [String: [ImportedCommand]], state: inout BuildState) -> NodeDefinition {
        state.paths[type] = "application"
        let parts = responderParts(type, commandsByType: commandsByType, state: &state)
        return NodeDefinition(kind: .responder, name: "application", commands: parts.commands, actions: parts.actions,
                              validations: parts.validations, keyCommandsGetter: getter(type))
    }

    /// UIKit's command attributes a scene takes, by name.
    private static let sceneAttributes: [String: KeyCommand.Attributes] = ["disabled": .disabled, "destructive": .destructive, "hidden": .hidden]

    /// A scene command, or `nil` (and an omission) when the source does not fix its key.
    func sceneCommand(_ command: ImportedCommand, reporting row: ImportedCommand? = nil, state: inout BuildState) -> SceneDefinition.CommandDefinition? {
        // What a left-out command is reported as: the inventory row it was made from.
        let row = row ?? command
        // An empty input is a menu item no key triggers (UIKit allows it); it stays in the scene.
        guard let input = command.input else {
            state.omitted.append((row, "its input is not fixed in the source"))
            return nil
        }
        guard let modifiers = command.modifiers else {
            state.omitted.append((row, "its modifiers are not fixed in the source"))
            return nil
        }
        guard let action = command.action else {
            state.omitted.append((row, "its action is not a selector the source names"))
            return nil
        }
        guard modifiers.isDisjoint(with: [.alphaShift, .numericPad]) else {
            state.omitted.append((row, "scenes have no alphaShift or numericPad modifier"))
            return nil
        }
        var attributes: KeyCommand.Attributes = []
        for name in command.attributes { attributes.formUnion(Self.sceneAttributes[name] ?? []) }
        var condition: SceneCondition?
        var whileFirstResponder = false
        if let commandCondition = command.condition {
            let reading = conditionReading(commandCondition, state: &state)
            if let flag = reading.flag, state.flagOwners[flag] == nil { state.flagOwners[flag] = command.declaredIn }
            if reading.notOnDevice {
                state.omitted.append((row, reading.onlyOnAnOlderOS ? Self.olderOSOmission : idiomOmission))
                return nil
            }
            switch reading.direction {
            case false?:
                state.omitted.append((row, "it is provided only in right-to-left layout; the scene is left-to-right"))
                return nil
            case true?:
                break
            case nil:
                // A getter's own `isFirstResponder` test follows the first responder as it moves.
                if let flag = reading.flag { condition = SceneCondition(state: flag, .equals, reading.flagValue) } else { whileFirstResponder = true }
            }
        }
        // A title read from the system's own item (`About {app}`) names the app as the scene does.
        let title = command.title.map { $0.replacing(Self.appNamePlaceholder, with: name) } ?? ""
        let keyCommand = KeyCommand(title: title, discoverabilityTitle: command.discoverabilityTitle,
                                    input: KeyInput(uiKitValue: input), modifierFlags: command.modifierFlags, action: Action(action),
                                    attributes: attributes, wantsPriorityOverSystemBehavior: command.wantsPriority)
        return SceneDefinition.CommandDefinition(keyCommand, condition: condition, whileFirstResponder: whileFirstResponder,
                                                 hasTitle: command.title != nil)
    }

    /// What stands for the app's name in a title the system gives (``StandardMenuBarItem/title``).
    static let appNamePlaceholder = "{app}"

    /// ``ConditionReading`` of `condition`, read once per condition.
    private func conditionReading(_ condition: Condition, state: inout BuildState) -> ConditionReading {
        if let last = state.lastConditionReading, last.condition == condition { return last.reading }
        if let known = state.conditionReadings[condition] {
            state.lastConditionReading = (condition, known)
            return known
        }
        let onDevice = Self.idiomReading(condition, idiom: idiomTests)
        var reading = ConditionReading(notOnDevice: onDevice.fails, isFirstResponderCheck: false)
        reading.onlyOnAnOlderOS = onDevice.holdsOnlyOnAnOlderOS
        if !onDevice.fails {
            reading.direction = onDevice.remaining.isAlways ? true : Self.directionDecision(onDevice.remaining, rightToLeft: false)
        }
        if !onDevice.fails, reading.direction == nil {
            let remainingCondition = Self.withoutDirection(onDevice.remaining)
            let remaining = remainingCondition.text
            reading.isFirstResponderCheck = Self.isFirstResponderCheck(remaining)
            if !reading.isFirstResponderCheck {
                // A lone test, with the `!` its source begins with taken as its negation.
                let single = remainingCondition.tests.count == 1 ? remainingCondition.tests.first.map(Self.positiveForm) : nil
                if let test = single, test.isNegated {
                    let flag = flagName(for: test.source, state: &state)
                    reading.flag = flag
                    reading.flagValue = 0
                    state.flagTests[flag] = test.source
                } else {
                    let flag = flagName(for: remaining, state: &state)
                    reading.flag = flag
                    state.heldFlags.insert(flag)
                    state.flagTests[flag] = single?.source ?? remaining
                }
            }
        }
        state.conditionReadings[condition] = reading
        state.lastConditionReading = (condition, reading)
        return reading
    }

    /// Whether a condition is the responder's own first-responder status (`isFirstResponder`,
    /// `self.isFirstResponder`).
    static func isFirstResponderCheck(_ condition: String) -> Bool {
        guard condition.utf8.count <= 32 else { return false }
        let text = condition.utf8.lazy.filter { $0 != UInt8(ascii: " ") }
        return text.elementsEqual("isFirstResponder".utf8) || text.elementsEqual("self.isFirstResponder".utf8)
    }
}
