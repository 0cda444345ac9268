import KeyTraceCore
import ResponderEngine
import Scenes
import Surfaces

/// The check pass: loads the built scene the way `keytrace` loads any scene (the reader's
/// structural checks, ``SceneDefinition/checkStructure(file:)``, then the runtime), and asks the engine
/// what the app's shortcuts do in it. It runs after the scene is built and before the report,
/// which only writes down what it found.
///
/// What it asks, each the engine's own rule rather than a copy of it:
/// - which commands a nearer command hides (R12, ``KeyDispatcher/shadowedCommands()``);
/// - which commands text input keeps from running (R16/R17,
///   ``SceneRuntime/commandsSwallowedByTextInput()``);
/// - when the scene has no first responder (R10, ``SceneRuntime/firstResponderGaps``);
/// - what the platform the import compiles for makes of the commands (``PlatformFindings``: the
///   Mac menu bar, the iPad overlay, every screen), each at its inventory row.
///
/// A scene that does not load is a bug of the importer; the pass then returns the error for the
/// report to show, and no findings.
struct SceneCheck {
    /// What the pass found.
    struct Result {
        /// The findings, in the order above.
        var findings: [ImportReport.Finding] = []
        /// Why the built scene did not load, if it did not.
        var sceneError: String?
    }

    let scene: SceneBuilder.Built
    let inventory: [ImportedCommand]
    /// Each row's ``ImportedCommand/displayShortcut``, in inventory order.
    let shortcuts: [String]
    let model: AppModel
    /// The platform the import compiles for, whose platform findings are reported.
    var platform: Platform = .ipad
    /// Whether to survey every screen for the platform's findings.
    var surveysPlatform = true

    func run() -> Result {
        var result = Result()
        do {
            // The built definition gets the checks its file would get that its types do not
            // already guarantee, without being written and read.
            try scene.definition.checkStructure(file: "imported scene")
            let runtime = try SceneRuntime(definition: scene.definition, file: "imported scene")
            // The check only asks questions, each with a collection of its own: the cached
            // policy keeps moving the first responder from re-reading the chain as UIKit would.
            let dispatcher = try runtime.makeDispatcher(policy: .cached, clock: nil)
            var rows = InventoryRows(inventory: inventory, shortcuts: shortcuts, paths: scene.paths)
            result.findings += dispatcher.shadowedCommands().map { shadowedFinding($0, rows: &rows) }
            result.findings += runtime.commandsSwallowedByTextInput().map { swallowedFinding($0, rows: &rows) }
            result.findings += swallowedOutsideTheScene(layout: runtime.application.keyboardLayout)
            result.findings += runtime.firstResponderGaps.map(gapFinding)
            if surveysPlatform {
                result.findings += try PlatformFindings(runtime: runtime, on: platform).findings.compactMap { platformFinding($0, rows: &rows) }
            }
        } catch {
            result.sceneError = String(describing: error)
        }
        return result
    }

    private func shadowedFinding(_ shadowed: ShadowedCommand, rows: inout InventoryRows) -> ImportReport.Finding {
        let provider = shadowed.provider.path
        let command = rows.row(responder: provider, action: shadowed.command.action?.name,
                               shortcut: shadowed.command.shortcut.textNotation.lowercased())?.command
        return ImportReport.Finding(
            kind: .shadowed,
            message: "\(shadowed.command.shortcut) \(shadowed.command.action?.name ?? "?") on \(provider) is hidden by \(shadowed.shadowedBy.action?.name ?? "?") on \(shadowed.shadowingProvider.path)",
            file: command?.file ?? "", line: command?.line ?? 0)
    }

    /// A command text input keeps from running, at its inventory row: the row of that provider,
    /// action and shortcut (several shortcuts often share one action), else of that action.
    private func swallowedFinding(_ swallowed: SwallowedCommand, rows: inout InventoryRows) -> ImportReport.Finding {
        let row = rows.row(responder: swallowed.provider, action: swallowed.action,
                           shortcut: swallowed.shortcut.textNotation.lowercased())
        let command = row?.command
        let shortcut = row?.shortcut ?? swallowed.shortcut.textNotation
        let declarer = command?.declaredIn ?? swallowed.provider
        let role = model.role(declarer)
        let message: ComposedText = swallowed.provider == swallowed.textInput && (role == .textView || role == .textField)
            ? "\(declarer) is a text \(role == .textView ? "view" : "field"): text input uses \(shortcut) before \(swallowed.action) (R16/R17); set wantsPriorityOverSystemBehavior or pick another key"
            : "\(declarer): text input in \(swallowed.textInput) uses \(shortcut) before \(swallowed.action) (R16/R17); set wantsPriorityOverSystemBehavior or pick another key"
        return ImportReport.Finding(
            kind: .textInput,
            message: String(composing: message),
            file: command?.file ?? "", line: command?.line ?? 0)
    }

    /// Commands declared on a text field or view type the scene does not hold (the source places
    /// no instance of it), asked of the engine's rule directly: the command waits for text input
    /// (``TextInputConflicts/waitsForTextInput(_:textInputActive:)``) and text input of that
    /// style uses its key (``TextInputView/Edit``).
    private func swallowedOutsideTheScene(layout: KeyboardLayout) -> [ImportReport.Finding] {
        var findings: [ImportReport.Finding] = []
        for command in inventory where command.mechanism != .menu && scene.paths[command.declaredIn] == nil {
            let role = model.role(command.declaredIn)
            guard role == .textView || role == .textField, let input = command.input, command.modifiers != nil else { continue }
            let engineCommand = KeyCommand(input: KeyInput(uiKitValue: input), modifierFlags: command.modifierFlags, action: nil,
                                           wantsPriorityOverSystemBehavior: command.wantsPriority)
            guard TextInputConflicts.waitsForTextInput(engineCommand, textInputActive: true),
                  let stroke = layout.keystroke(for: engineCommand.shortcut),
                  TextInputView.Edit(KeyPress(.began, stroke.usage, modifiers: stroke.modifiers, layout: layout),
                                     style: role == .textView ? .view : .field) != nil
            else { continue }
            findings.append(ImportReport.Finding(
                kind: .textInput,
                message: "\(command.declaredIn) is a text \(role == .textView ? "view" : "field"): text input uses \(command.displayShortcut) before \(command.action ?? "the command") (R16/R17); set wantsPriorityOverSystemBehavior or pick another key",
                file: command.file, line: command.line))
        }
        return findings
    }

    /// The report's finding kind of each platform finding kind (the same names).
    private static let findingKinds = Dictionary(uniqueKeysWithValues: PlatformFinding.Kind.allCases.compactMap { kind in
        ImportReport.Finding.Kind(rawValue: kind.rawValue).map { (kind, $0) }
    })

    /// A platform finding at the inventory row of its command: the row of that provider (or
    /// menu), action and shortcut, else of that provider and action.
    private func platformFinding(_ finding: PlatformFinding, rows: inout InventoryRows) -> ImportReport.Finding? {
        guard let kind = Self.findingKinds[finding.kind] else { return nil }
        let row = rows.row(responder: finding.responder, action: finding.action, shortcut: finding.shortcut?.textNotation.lowercased())?.command
        return ImportReport.Finding(kind: kind, message: "\(finding.platform.displayName): \(finding.message)",
                                    file: row?.file ?? "", line: row?.line ?? 0)
    }

    /// A moment without a first responder, at the row of the first command it strands when the
    /// inventory has it.
    private func gapFinding(_ gap: FirstResponderGap) -> ImportReport.Finding {
        let row = gap.strandedCommands.first.map(\.description).flatMap { stranded in
            inventory.first { command in
                scene.paths[command.declaredIn].map { stranded.hasSuffix("(\($0))") } == true
                    && command.action.map { stranded.contains(" \($0) ") } == true
            }
        }
        return ImportReport.Finding(kind: .noFirstResponder, message: gap.message + " (R10)", file: row?.file ?? "", line: row?.line ?? 0)
    }
}

/// The inventory's rows by the responder that provides them (its scene path, or `menu` for a
/// main-menu row) and action, each with its shortcut written once: findings about many commands
/// find their rows without scanning the inventory for each.
private struct InventoryRows {
    /// One row and its shortcut as ``ImportedCommand/displayShortcut`` writes it.
    typealias Row = (command: ImportedCommand, shortcut: String)

    /// A group's place: its responder's path (`menu` for a menu item) and action.
    private struct Key: Hashable {
        var responder: String
        var action: String
    }

    /// The rows of one responder and action, in inventory order, and where the first row of each
    /// shortcut among them is, written only for groups of several rows, where the shortcut tells
    /// them apart.
    private struct Group {
        var rows: [Row] = []
        var byShortcut: [String: Int] = [:]
    }

    private var groups: [Key: Group] = [:]
    /// SwiftUI rows by the action the scene names them by (``SceneBuilder/swiftUIAction(of:)``),
    /// with the paths of the views declaring them, in inventory order: SwiftUI registers a
    /// view's shortcuts with the controller hosting it, which the scene makes their provider.
    private var hosted: [String: [(path: String, row: Row)]] = [:]
    /// The group the last question found: findings come in runs about one provider and action.
    private var lastFound: (key: Key, group: Group?)?

    /// The rows of `inventory`, whose shortcuts are `shortcuts`, placed by `paths` (each type's
    /// responder path).
    init(inventory: [ImportedCommand], shortcuts: [String], paths: [String: String]) {
        // Neighbouring rows mostly share a provider and an action (a loop's commands): a run of
        // them joins its group at once, and the provider's path is looked up once a run.
        var run: (key: Key, rows: [Row])?
        var provider: (type: String, isMenu: Bool, responder: String?)?
        for (command, shortcut) in zip(inventory, shortcuts) {
            let isMenu = command.mechanism == .menu
            if provider?.type != command.declaredIn || provider?.isMenu != isMenu {
                provider = (command.declaredIn, isMenu, isMenu ? "menu" : paths[command.declaredIn])
            }
            guard let responder = provider?.responder else { continue }
            let key = Key(responder: responder, action: command.action ?? "")
            if run?.key != key {
                if let run { groups[run.key, default: Group()].rows += run.rows }
                run = (key, [])
            }
            run?.rows.append((command, shortcut))
            if command.mechanism == .swiftui {
                hosted[SceneBuilder.swiftUIAction(of: command), default: []].append((responder, (command, shortcut)))
            }
        }
        if let run { groups[run.key, default: Group()].rows += run.rows }
        groups = groups.mapValues { group in
            guard group.rows.count > 1 else { return group }
            var group = group
            for offset in group.rows.indices.reversed() { group.byShortcut[group.rows[offset].shortcut] = offset }
            return group
        }
    }

    /// The row of that responder (`menu:…` for a menu item), action and shortcut, else the first
    /// of that responder and action; for a SwiftUI shortcut a hosting controller provides, the
    /// row of a view it hosts (its path under the controller's), else of the one view declaring
    /// that shortcut (none when several views do: a guess would point at the wrong source line).
    mutating func row(responder: String, action: String?, shortcut: String?) -> Row? {
        let key = Key(responder: responder.hasPrefix("menu:") ? "menu" : responder, action: action ?? "")
        let found: Group?
        if let lastFound, lastFound.key == key {
            found = lastFound.group
        } else {
            found = groups[key]
            lastFound = (key, found)
        }
        guard let group = found else {
            guard let action, let views = hosted[action] else { return nil }
            if let hosted = views.first(where: { $0.path.hasPrefix(responder + "/") }) { return hosted.row }
            return views.allSatisfy({ $0.path == views.first?.path }) ? views.first?.row : nil
        }
        if group.rows.count > 1, let shortcut, let exact = group.byShortcut[shortcut] { return group.rows[exact] }
        return group.rows.first
    }
}
