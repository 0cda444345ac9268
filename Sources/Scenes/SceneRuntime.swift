import KeyTraceCore
import KeyTraceSupport
import ResponderEngine

/// A scene brought to life: the application, its windows and components, the named state and
/// the declared effects, ready for a ``KeyDispatcher``.
///
/// ```swift
/// let scene = try SceneRuntime(contentsOf: "Traces/scenes/pdf-viewer.json")
/// let dispatcher = try scene.makeDispatcher(policy: .cached)
/// dispatcher.dispatch(KeyPress(.began, HIDUsage(0x07), modifiers: .command))  // ⌘D: Add Bookmark
/// scene.state["bookmarks"]  // 1
/// ```
public final class SceneRuntime {
    /// The definition the runtime was built from.
    public let definition: SceneDefinition
    /// The file it came from (for messages).
    public let file: String
    /// The application at the end of every chain.
    public let application = Application()
    /// Named state values.
    @exclusivity(unchecked) public private(set) var state: [String: Int] = [:]
    /// The dispatcher made by ``makeDispatcher(policy:clock:)``.
    public private(set) weak var dispatcher: KeyDispatcher?
    /// Problems met while running effects (e.g. focusing a path that does not exist at that moment).
    public internal(set) var problems: [String] = []
    /// The state entered with ``enter(_:)``; `nil` for the scene as loaded (the state
    /// ``SceneState/initialName``).
    public internal(set) var enteredStateName: String?

    var conditionalCommands: [(Responder, [SceneDefinition.CommandDefinition])] = []

    /// The responder last found at each path (``responder(at:)``), checked before it is used.
    var respondersByPath: [String: Responder] = [:]
    /// The node each controller was built from, by the controller's identity. Controllers are
    /// not held, weakly or strongly: a weak reference would put every retain of a controller
    /// (one a dispatch) on the runtime's slow path. Every controller of a scene is built here,
    /// so an identity reused by a later controller is overwritten when it is built, and a
    /// lookup checks the name as well.
    var controllerNodes: [ObjectIdentifier: NodeDefinition] = [:]
    /// The scene's `responders`: outside the view hierarchy, reached through a `next`.
    var freeResponders: [Responder] = []
    /// More paths than this start ``respondersByPath`` over, more built controllers than this
    /// ``controllerNodes``.
    static let pathsRemembered = 1024

    /// Loads and builds the scene at `path` (or the bundled scene `bundled:NAME`, see
    /// ``BundledScenes``); errors name the line and column at fault.
    public convenience init(contentsOf path: String) throws(SceneError) {
        let text = try readTextFile(path)
        let definition = try SceneDefinition(json: text, file: path)
        do {
            try self.init(definition: definition, file: path)
        } catch {
            throw error.located(in: text)
        }
    }

    /// Builds a scene from its definition.
    public init(definition: SceneDefinition, file: String) throws(SceneError) {
        self.definition = definition
        self.file = file
        for value in definition.state { state[value.name] = value.initial }
        application.keyboardLayout = KeyboardLayout.named(definition.layout) ?? .usANSI
        application.layoutDirection = definition.rightToLeft ? .rightToLeft : .leftToRight
        application.commandsBeforeTextInput = definition.commandsBeforeTextInput
        application.platformVersion = definition.platform
        let menus = definition.menus
        application.menuCustomization = { builder in
            for menu in menus { try SceneRuntime.apply(menu, to: &builder) }
        }
        do {
            try application.rebuildMainMenu()
        } catch {
            throw SceneError.menuConflict(file, String(describing: error))
        }
        for window in definition.windows {
            let built = try build(window)
            if let built = built as? Window { application.addWindow(built) }
        }
        if let node = definition.application { configure(application, from: node) }
        if let node = definition.appDelegate { application.delegate = try build(node) }
        freeResponders = try definition.responders.map { node throws(SceneError) in try build(node) }
        try checkReferences()
        try checkStatePaths()
        if let path = definition.firstResponder {
            guard let responder = responder(at: path) else {
                throw SceneError.unknownResponder(file, "firstResponder", path, known: allPaths)
            }
            guard application.makeFirstResponder(responder) else {
                throw SceneError.invalid(file, "firstResponder", expected: "a responder that can become first responder (`\(path)` cannot; set \"canBecomeFirstResponder\": true)")
            }
        }
    }

    /// Makes the change `menu` describes (docs/Scenes.md, "Menus"): removes its standard
    /// shortcuts, then removes the menu, or creates it where its placement says when the main
    /// menu has none of that identifier, and adds its commands at the start or the end.
    static func apply(_ menu: SceneDefinition.MenuDefinition, to builder: inout MenuBuilder) throws {
        for shortcut in menu.removing { builder.removeCommands(withShortcut: shortcut) }
        let identifier = Menu.Identifier(rawValue: menu.identifier)
        if menu.removesMenu {
            try builder.remove(menu: identifier)
            return
        }
        let commands = menu.commands.map { definition in
            definition.isKeyless ? Menu.Element.action(title: definition.command.title, action: definition.command.action ?? "")
                : .command(definition.command)
        }
        guard builder.menu(identifier) == nil else {
            // `after`, `before` and `inline` describe a menu the entry creates; an existing one
            // stays where and as it is.
            if menu.isInline { throw MenuBuildError.duplicateMenu(identifier) }
            if case .child = menu.placement {} else { throw MenuBuildError.duplicateMenu(identifier) }
            if menu.commandsAtStart {
                try builder.insertElements(commands, atStartOfMenu: identifier)
            } else {
                try builder.insertElements(commands, atEndOfMenu: identifier)
            }
            return
        }
        let created = Menu(identifier, title: menu.title, options: menu.isInline ? .displayInline : [], children: commands)
        switch menu.placement {
        case .child(let parent, let atStart):
            if atStart {
                try builder.insertChild(created, atStartOfMenu: Menu.Identifier(rawValue: parent))
            } else {
                try builder.insertChild(created, atEndOfMenu: Menu.Identifier(rawValue: parent))
            }
        case .after(let sibling): try builder.insertSibling(created, afterMenu: Menu.Identifier(rawValue: sibling))
        case .before(let sibling): try builder.insertSibling(created, beforeMenu: Menu.Identifier(rawValue: sibling))
        }
    }

    /// Creates the dispatcher for this scene (one per runtime).
    public func makeDispatcher(policy: QueryPolicy = .cached,
                               clock: NanosecondClock? = KeyDispatcher.defaultStageClock) throws(SceneError) -> KeyDispatcher {
        do {
            let dispatcher = try KeyDispatcher(application: application, policy: policy, clock: clock)
            self.dispatcher = dispatcher
            return dispatcher
        } catch {
            throw SceneError.menuConflict(file, "\(error)")
        }
    }

    // MARK: Paths

    /// Every responder in the live hierarchy, windows first, depth-first.
    public var allResponders: [Responder] {
        var result: [Responder] = []
        func visitView(_ view: View) {
            if !view.name.isEmpty { result.append(view) }
            if let controller = view.owningViewController, !result.contains(where: { $0 === controller }) {
                visitController(controller)
                return
            }
            for subview in view.subviews { visitView(subview) }
        }
        func visitController(_ controller: ViewController) {
            result.append(controller)
            for subview in controller.view.subviews where subview.owningViewController == nil { visitView(subview) }
            for child in controller.children { visitController(child) }
            if let presented = controller.presentedViewController { visitController(presented) }
        }
        for window in application.windows {
            result.append(window)
            if let root = window.rootViewController { visitController(root) }
        }
        if let delegate = application.delegate { result.append(delegate) }
        return result + freeResponders
    }

    /// The paths of every responder in the live hierarchy.
    public var allPaths: [String] { allResponders.map(\.path) }

    /// The responder at `path` (e.g. `window/tabs/library/list`), or `nil`.
    ///
    /// Paths are unique in the live hierarchy (names are unique among siblings), so the last
    /// responder found at a path is taken again while it still has that path in this
    /// application: checking it builds one path, where a search builds many.
    public func responder(at path: String) -> Responder? {
        if let known = respondersByPath[path], known.path == path, known.application === application { return known }
        // A named responder's path ends with its name: most responders are ruled out without
        // building their paths.
        let found = allResponders.first { ($0.name.isEmpty || path.hasSuffix($0.name)) && $0.path == path }
        if let found {
            if respondersByPath.count >= Self.pathsRemembered { respondersByPath.removeAll(keepingCapacity: true) }
            respondersByPath[path] = found
        }
        return found
    }

    /// Makes the responder at `path` first responder; throws when it does not exist or cannot.
    public func focus(_ path: String) throws(SceneError) {
        guard let responder = responder(at: path) else {
            throw SceneError.unknownResponder(file, "focus", path, known: allPaths)
        }
        guard application.makeFirstResponder(responder) else {
            throw SceneError.invalid(file, "focus", expected: "a responder that can become first responder (`\(path)` cannot: "
                + "its node does not set \"canBecomeFirstResponder\": true; name a view inside it, or set that in the scene)")
        }
    }

    // MARK: State

    /// Sets a state value and re-evaluates the commands whose conditions read it.
    public func setState(_ name: String, _ value: Int) {
        updateState(name) { _ in value }
    }

    /// Sets a state value from its current one (0 when unset), hashing the name once, and
    /// re-evaluates the commands whose conditions read it when the value changed.
    func updateState(_ name: String, _ newValue: (Int) -> Int) {
        if let index = state.index(forKey: name) {
            let old = state.values[index]
            let value = newValue(old)
            guard value != old else { return }
            state.values[index] = value
        } else {
            let value = newValue(0)
            state[name] = value
        }
        refreshConditionalCommands(dependingOn: name)
    }

    private func refreshConditionalCommands(dependingOn name: String) {
        for (responder, commands) in conditionalCommands where commands.contains(where: { $0.condition?.state == name }) {
            offer(commands, on: responder, reason: .stateChange)
        }
    }

    /// Gives `responder` the commands of `commands` whose conditions hold, marking those it
    /// offers only while it is first responder.
    func offer(_ commands: [SceneDefinition.CommandDefinition], on responder: Responder, reason: CacheInvalidationReason) {
        let active = commands.filter { definition in
            guard let condition = definition.condition else { return true }
            return condition.holds(for: state[condition.state] ?? 0)
        }
        responder.replaceDeclaredKeyCommands(active.map(\.command), whileFirstResponder: active.map(\.whileFirstResponder),
                                             reason: reason)
    }
}

/// The text of the scene file at `path`, or of the bundled scene a `bundled:NAME` reference names.
func readTextFile(_ path: String) throws(SceneError) -> String {
    if let json = BundledScenes.json(forReference: path) { return json }
    do throws(InputFileError) {
        return String(decoding: try InputBytes.read(path, expecting: "a scene"), as: UTF8.self)
    } catch {
        throw SceneError.unreadable(path, error.description)
    }
}
