import KeyTraceCore

// Initializers for programs that build a scene in code (the scene importer): every parameter
// but the identifying ones defaults to what the reader takes when the field is absent. They run
// no check; ``SceneDefinition/checkStructure(file:)`` runs the reader's checks that the types do
// not already guarantee, and ``SceneDefinition/jsonText`` writes the scene's file.

extension SceneDefinition {
    /// A scene from its parts. Each node's ``NodeDefinition/jsonPath`` and each state's
    /// ``SceneState/jsonPath`` are set to where ``jsonText`` writes them
    /// (`windows[0].root.views[1]`, `states[2]`), as reading that text sets them.
    /// ``contentHash`` is empty: the hash is taken over the text, which a built scene does not
    /// have until it is written and read back.
    package init(name: String, summary: String = "", layout: String = KeyboardLayout.usANSI.identifier,
                 rightToLeft: Bool = false, commandsBeforeTextInput: Bool = false, platform: PlatformVersion = .default,
                 state: [StateValue] = [], menus: [MenuDefinition] = [], windows: [NodeDefinition] = [],
                 controllers: [NodeDefinition] = [], firstResponder: String? = nil,
                 application: NodeDefinition? = nil, appDelegate: NodeDefinition? = nil, responders: [NodeDefinition] = [],
                 states: [SceneState] = []) {
        self.name = name
        self.summary = summary
        self.layout = layout
        self.rightToLeft = rightToLeft
        self.commandsBeforeTextInput = commandsBeforeTextInput
        self.platform = platform
        self.state = state
        self.menus = menus
        self.windows = windows.enumerated().map { $0.element.placed(at: "windows[\($0.offset)]") }
        self.controllers = controllers.enumerated().map { $0.element.placed(at: "controllers[\($0.offset)]") }
        self.firstResponder = firstResponder
        self.application = application?.placed(at: "application")
        self.appDelegate = appDelegate?.placed(at: "appDelegate")
        self.responders = responders.enumerated().map { $0.element.placed(at: "responders[\($0.offset)]") }
        self.states = states.enumerated().map { index, state in
            var placed = state
            placed.jsonPath = "states[\(index)]"
            return placed
        }
        self.contentHash = ""
    }
}

extension SceneDefinition.MenuDefinition {
    /// The menu `identifier`: a created one is titled `title` (the scene gives a `title` only
    /// when one is passed; the reader then takes the identifier) and goes where `placement`
    /// says (default the end of `root`).
    package init(identifier: String, title: String? = nil, placement: Placement = .child(parent: "root", atStart: false),
                 isInline: Bool = false, commandsAtStart: Bool = false, commands: [SceneDefinition.CommandDefinition] = [],
                 removing: [KeyShortcut] = [], removesMenu: Bool = false) {
        self.identifier = identifier
        self.title = title ?? identifier
        self.hasTitle = title != nil
        self.placement = placement
        self.isInline = isInline
        self.commandsAtStart = commandsAtStart
        self.commands = commands
        self.removing = removing
        self.removesMenu = removesMenu
    }
}

extension SceneDefinition.CommandDefinition {
    /// `command`, offered while `condition` holds (always without one). `hasTitle` says whether
    /// the scene gives a `title` (default: whether the command's title is non-empty); `true`
    /// with an empty title writes `"title": ""`.
    package init(_ command: KeyCommand, condition: SceneCondition? = nil, whileFirstResponder: Bool = false,
                 hasTitle: Bool? = nil) {
        self.command = command
        self.condition = condition
        self.whileFirstResponder = whileFirstResponder
        self.hasTitle = hasTitle ?? !command.title.isEmpty
    }
}

extension NodeDefinition {
    /// The default of ``contentHeight``: 10 000 points.
    package static let defaultContentHeight = 10_000
    /// The default of ``pageHeight``: 800 points.
    package static let defaultPageHeight = 800
    /// The default of ``lineHeight``: 40 points.
    package static let defaultLineHeight = 40

    /// A node of `kind` named `name`, titled `title` (default the name). ``jsonPath`` is
    /// empty until the node is placed in a ``SceneDefinition``, which sets it.
    package init(kind: Kind, name: String, title: String? = nil,
                 commands: [SceneDefinition.CommandDefinition] = [], actions: [ActionDefinition] = [],
                 validations: [SceneValidation] = [], refusals: [SceneRefusal] = [],
                 addedCommands: [SceneDefinition.CommandDefinition] = [], canBecomeFirstResponder: Bool? = nil,
                 keyInput: Bool = false, keyCommandsGetter: KeyCommandsGetter? = nil, children: [NodeDefinition] = [],
                 views: [NodeDefinition] = [], next: String? = nil, focus: String? = nil, rows: [String] = [], text: String = "",
                 multipleSelection: Bool = true, contentHeight: Int = NodeDefinition.defaultContentHeight,
                 pageHeight: Int = NodeDefinition.defaultPageHeight, lineHeight: Int = NodeDefinition.defaultLineHeight,
                 onActivate: [SceneEffect] = [], barButtons: [SceneDefinition.CommandDefinition] = []) {
        self.kind = kind
        self.name = name
        self.title = title ?? name
        self.jsonPath = ""
        self.commands = commands
        self.actions = actions
        self.validations = validations
        self.refusals = refusals
        self.addedCommands = addedCommands
        self.canBecomeFirstResponder = canBecomeFirstResponder
        self.keyInput = keyInput
        self.keyCommandsGetter = keyCommandsGetter
        self.children = children
        self.views = views
        self.next = next
        self.focus = focus
        self.rows = rows
        self.text = text
        self.multipleSelection = multipleSelection
        self.contentHeight = contentHeight
        self.pageHeight = pageHeight
        self.lineHeight = lineHeight
        self.onActivate = onActivate
        self.barButtons = barButtons
    }

    /// The node with ``jsonPath`` `path`, and its children and views with the paths the writer
    /// gives them: a window's first child at `PATH.root` (a window takes no other child),
    /// another node's children at `PATH.children[i]`, views at `PATH.views[i]`.
    func placed(at path: String) -> NodeDefinition {
        var node = self
        node.jsonPath = path
        for index in node.children.indices {
            let childPath = kind == .window && index == 0 ? path + ".root" : path + ".children[\(index)]"
            node.children[index] = node.children[index].placed(at: childPath)
        }
        for index in node.views.indices {
            node.views[index] = node.views[index].placed(at: path + ".views[\(index)]")
        }
        return node
    }
}

extension SceneCondition {
    /// The test `state` `comparison` `value`, e.g. `openTabs atMost 0`.
    package init(state: String, _ comparison: Comparison, _ value: Int) {
        self.state = state
        self.comparison = comparison
        self.value = value
    }
}

extension SceneState {
    /// The state `name`, reached by `steps`. ``jsonPath`` is empty until the state is placed in
    /// a ``SceneDefinition``, which sets it.
    package init(name: String, summary: String = "", steps: [Step], firstResponder: String? = nil) {
        self.name = name
        self.summary = summary
        self.steps = steps
        self.firstResponder = firstResponder
        self.jsonPath = ""
    }
}

