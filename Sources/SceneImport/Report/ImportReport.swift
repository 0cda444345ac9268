import KeyTraceCore
import ResponderEngine
import Scenes

/// What an import found, for people (``text``) and for scripts (``json``): counts by
/// mechanism, every command with its place in the source, what could not be resolved and why,
/// and findings about the app's shortcuts.
public struct ImportReport: Sendable {
    /// The schema identifier of the JSON report (``json``), which `keytrace analyze
    /// --import-report` reads.
    public static let schemaName = ImportReportSchema.name

    /// The generated scene's name.
    public var sceneName: String
    /// Swift files and lines read.
    public var files: Int
    public var lines: Int
    /// Objective-C files (`.h`, `.m`, `.mm`) and lines read.
    public var objectiveCFiles = 0
    public var objectiveCLines = 0
    /// Every command found.
    public var commands: [ImportedCommand]
    /// Commands the scene leaves out, and why.
    public var unresolved: [Unresolved]
    /// The key window's root, how it was decided, and the first responder.
    public var keyWindow: KeyWindow
    /// Controllers and views with commands that the key window does not reach and no
    /// presentation shows: their commands are declared but not reachable in the scene.
    public var unplaced: [Placement]
    /// Windows the app shows only under a run-time condition (or sets up outside its entry
    /// point): never key, left out of the scene.
    public var conditionalWindows: [Placement]
    /// The types of ``unplaced``.
    public var unplacedTypes: [String] { unplaced.map(\.type) }
    /// Responders in the scene, by type: their responder paths.
    public var responderPaths: [String: String]
    /// Run-time conditions and the state flags that stand for them.
    public var stateFlags: [String: String]
    /// The names of the scene's states, the screens a user reaches from the launch screen, in
    /// the scene's order (`keytrace scene states` lists them).
    public var states: [String]
    public var findings: [Finding]
    /// Containment the source shows: `parent → child (kind) file:line`; window roots have no parent.
    public var containment: [String]
    /// Why the generated scene did not load, if it did not (a bug in the importer: report it).
    public var sceneError: String?
    /// What each type's `keyCommands` getter costs a call (``GetterCost``).
    var getterCosts: [GetterCost] = []
    /// Steps the evaluator took (``EvaluationBudget``): the same source always takes the same
    /// number.
    public var evaluationSteps = 0

    /// The key window as the import decided it.
    public struct KeyWindow: Sendable, Hashable {
        /// The root controller's (or SwiftUI view's) type; `nil` when the source shows none.
        public var root: String?
        /// How it was decided: `entry point`, `WindowGroup`, `storyboard`, `overlay`, … (docs/SceneImport.md).
        public var decidedBy: String?
        public var file: String?
        public var line: Int?
        /// The scene's first responder path, or `nil` when the source makes none.
        public var firstResponder: String?
        /// Where the first responder comes from, or why there is none.
        public var firstResponderReason: String
        /// What a user can do to have the root decided from the source, when it was taken from
        /// weaker evidence (a cast, a guess) or not found.
        public var advice: String?
    }

    /// A type left out of the scene, and why.
    public struct Placement: Sendable, Hashable {
        public var type: String
        /// The other types with commands it holds.
        public var contains: [String]
        public var reason: String
        public var file: String?
        public var line: Int?
    }

    /// A command the scene cannot hold.
    public struct Unresolved: Sendable, Hashable {
        public var command: ImportedCommand
        public var reason: String
    }

    /// Something about the app's shortcuts worth a look.
    public struct Finding: Sendable, Hashable {
        public enum Kind: String, Sendable, CaseIterable {
            /// Two commands with one shortcut on one responder: the first wins (R3).
            case duplicate = "duplicate-shortcut"
            /// A command that a command nearer the first responder hides (R12).
            case shadowed
            /// A command on a text field or view whose key text input uses first (R16/R17).
            case textInput = "text-input-swallows"
            /// A shortcut the system takes before the app sees it.
            case reserved = "system-reserved"
            /// A command without a title or discoverability title: never shown in the ⌘ overlay.
            case noTitle = "no-discoverability-title"
            /// An input the US keyboard layout cannot type.
            case untypable = "layout-cannot-type"
            /// A creation site the evaluator did not follow: its inventory row holds only what
            /// the site's own text fixes.
            case notFollowed = "found-not-followed"
            /// A provider whose evaluation the work budget cut short (``EvaluationBudget``).
            case cutShort = "evaluation-cut-short"
            /// A source file the Xcode project compiles into no target: left out of the import.
            case notInTarget = "not-in-any-target"
            /// The scene starts with no first responder, or an effect leaves none: the app's
            /// controllers' commands do not fire then (R10).
            case noFirstResponder = "no-first-responder"
            /// Mac Catalyst: a command only a responder's `keyCommands` offers, which the menu bar
            /// never shows (``PlatformFinding/Kind/notInMenuBar``).
            case notInMenuBar = "not-in-menu-bar"
            /// A menu item without the key equivalent its action has by convention.
            case noConventionalShortcut = "no-conventional-shortcut"
            /// Mac Catalyst: a command on the key of one of the Mac's standard menu items.
            case standardShortcutTaken = "standard-shortcut-taken"
            /// A command without the title its platform shows (the menu bar's title, the
            /// overlay's discoverability title or title).
            case untitledOnPlatform = "untitled-on-platform"
            /// A command every screen of the scene disables.
            case disabledOnEveryScreen = "disabled-on-every-screen"
        }
        public var kind: Kind
        public var message: String
        public var file: String
        public var line: Int
    }

    /// The report of an import: `shortcuts` holds each inventory row's
    /// ``ImportedCommand/displayShortcut``.
    init(sceneName: String, files: Int, lines: Int, inventory: [ImportedCommand], shortcuts: [String], model: AppModel,
         scene: SceneBuilder.Built, check: SceneCheck.Result) {
        self.sceneName = sceneName
        self.files = files
        self.lines = lines
        self.commands = inventory
        self.unresolved = scene.omitted.map { Unresolved(command: $0.command, reason: $0.reason) }
        self.unplaced = scene.unplaced.map { entry in
            Placement(type: entry.type, contains: entry.types.filter { $0 != entry.type }, reason: entry.reason,
                      file: entry.location?.file, line: entry.location?.line)
        }
        self.conditionalWindows = scene.plan.conditional.map { entry in
            Placement(type: entry.type, contains: [], reason: "shown only under a run-time condition, or set up outside the entry point",
                      file: entry.location?.file, line: entry.location?.line)
        }
        let key = scene.plan.key
        self.keyWindow = KeyWindow(root: key?.tree.name, decidedBy: key?.decision.rawValue, file: key?.location?.file, line: key?.location?.line,
                                   firstResponder: scene.firstResponder, firstResponderReason: scene.firstResponderReason,
                                   advice: Self.keyWindowAdvice(key?.decision, model: model))
        self.responderPaths = scene.paths
        self.stateFlags = scene.flags
        self.states = scene.definition.states.map(\.name)
        self.getterCosts = model.getterCosts
        self.containment = model.windowRoots.map { "window → \($0) (windowRoot)" }
            + model.edges.map { "\($0.parent) → \($0.child) (\($0.kind.rawValue)) \($0.location.file):\($0.location.line)" }
        var findings: [Finding] = []
        for cut in model.evaluationCuts {
            let message: String
            switch cut.scope {
            case .call:
                message = "\(cut.provider): a call it makes stopped at step \(cut.steps) (a call may take half of what its caller has left); that call's result is unknown, and the rest of the provider ran"
            case .provider:
                message = "\(cut.provider): evaluation stopped after \(cut.steps) steps (its work budget ran out); commands it would have found further on are listed as found but not followed"
            case .importWide:
                message = "\(cut.provider): evaluation stopped after \(cut.steps) steps (the import's work budget ran out); commands it would have found further on are listed as found but not followed"
            }
            findings.append(Finding(kind: .cutShort, message: message, file: cut.location.file, line: cut.location.line))
        }
        for (command, shortcut) in zip(inventory, shortcuts) {
            guard let reason = command.notFollowed else { continue }
            findings.append(Finding(kind: .notFollowed, message: String(composing: "\(command.declaredIn): \(shortcut) → \(command.action ?? "?"): \(reason)"),
                                    file: command.file, line: command.line))
        }
        findings += Self.duplicates(in: inventory, shortcuts: shortcuts)
        findings += Self.perCommand(inventory, shortcuts: shortcuts)
        // A platform finding that says what an inventory finding at the same row already says
        // (an untitled command on iPadOS is `no-discoverability-title`) is left out.
        // Rows are compared only when the check found an untitled command on the platform.
        if check.findings.contains(where: { $0.kind == .untitledOnPlatform }) {
            let untitledRows = Set(findings.filter { $0.kind == .noTitle }.map { "\($0.file):\($0.line)" })
            findings += check.findings.filter { $0.kind != .untitledOnPlatform || !untitledRows.contains("\($0.file):\($0.line)") || $0.file.isEmpty }
        } else {
            findings += check.findings
        }
        sceneError = check.sceneError
        self.findings = findings
    }

    /// Count of commands by mechanism.
    public var countsByMechanism: [(mechanism: ImportedCommand.Mechanism, count: Int)] {
        ImportedCommand.Mechanism.allCases.map { mechanism in (mechanism, commands.filter { $0.mechanism == mechanism }.count) }
    }

    /// Shortcuts a provider declares at more than one site or for more than one action.
    /// `shortcuts` holds each row's ``ImportedCommand/displayShortcut``.
    private static func duplicates(in inventory: [ImportedCommand], shortcuts: [String]) -> [Finding] {
        var findings: [Finding] = []
        // The rows of one shortcut of one type are found next to each other once the rows are
        // sorted by type and shortcut (then by place, so each group keeps the inventory's
        // order); groups are reported in the order of the text `"TYPE SHORTCUT"`, and only
        // shortcuts declared more than once are written out: most groups hold one row.
        var rows = inventory.indices.filter { inventory[$0].input != nil && inventory[$0].modifiers != nil && inventory[$0].mechanism != .menu }
        let providers = inventory.map(\.declaredIn)
        rows.sort { a, b in
            if providers[a] != providers[b] { return providers[a] < providers[b] }
            if shortcuts[a] != shortcuts[b] { return shortcuts[a] < shortcuts[b] }
            return a < b
        }
        var repeated: [(order: String, shortcut: String, group: [ImportedCommand])] = []
        var start = 0
        while start < rows.count {
            let first = rows[start]
            var end = start + 1
            while end < rows.count, inventory[rows[end]].declaredIn == inventory[first].declaredIn, shortcuts[rows[end]] == shortcuts[first] {
                end += 1
            }
            if end - start > 1 {
                repeated.append((order: "\(inventory[first].declaredIn) \(shortcuts[first])", shortcut: shortcuts[first],
                                 group: rows[start..<end].map { inventory[$0] }))
            }
            start = end
        }
        for (_, shortcut, group) in repeated.sorted(by: { $0.order < $1.order }) {
            let sites = Set(group.map { "\($0.file):\($0.line)" })
            guard sites.count > 1 || Set(group.map(\.action)).count > 1 else { continue }
            let first = group[0]
            let others = group.dropFirst().map { "\($0.action ?? "?") (\($0.file):\($0.line))" }.joined(separator: ", ")
            let allConditional = group.dropFirst().allSatisfy(\.conditional) || group.allSatisfy(\.conditional)
            findings.append(Finding(
                kind: .duplicate,
                message: "\(first.declaredIn) declares \(shortcut) more than once: \(first.action ?? "?") and \(others)"
                    + (allConditional ? " (under different conditions: check they never hold together)" : ""),
                file: first.file, line: first.line))
        }
        return findings
    }

    /// The platform whose system shortcuts the `system-reserved` finding names: scenes the
    /// importer builds run on iPadOS.
    static let platform = Platform.default

    private static func perCommand(_ inventory: [ImportedCommand], shortcuts: [String]) -> [Finding] {
        var findings: [Finding] = []
        let layout = KeyboardLayout.usANSI
        for (command, shortcut) in zip(inventory, shortcuts) {
            guard let input = command.input, command.modifiers != nil else { continue }
            if let row = SystemShortcuts.row(takingNotation: shortcut, on: platform) {
                findings.append(Finding(kind: .reserved, message: String(composing: "\(command.declaredIn): \(shortcut) → \(command.action ?? "SwiftUI action") is taken by the system (\(row.platform.displayName): \(row.effect))"),
                                        file: command.file, line: command.line))
            }
            if command.mechanism != .swiftui, command.title == nil, command.discoverabilityTitle == nil, command.titleExpression == nil {
                findings.append(Finding(kind: .noTitle, message: String(composing: "\(command.declaredIn): \(shortcut) → \(command.action ?? "?") has no title: it works but never shows in the ⌘ overlay or a menu"),
                                        file: command.file, line: command.line))
            }
            if case .character(let text) = KeyInput(uiKitValue: input), text.unicodeScalars.count == 1,
               let scalar = text.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F {
                let folded = KeyboardLayout.fold(scalar.value)
                let typable = [ModifierFlags(), .shift, .alternate, [.shift, .alternate]].contains { layout.typesDirectly(folded, with: $0) }
                if !typable {
                    findings.append(Finding(kind: .untypable, message: String(composing: "\(command.declaredIn): \(shortcut) → \(command.action ?? "?"): \"\(text)\" is not on the US ANSI layout"),
                                            file: command.file, line: command.line))
                }
            }
        }
        return findings
    }
}
