import KeyTraceCore
import ResponderEngine
import Scenes
import Surfaces

/// What a change to an app did to its keyboard shortcuts: the difference between a base and a
/// head scene (for example imported from two commits), computed with the engine's own rules.
///
/// ```
///  base scene ─┐   declared commands ─▶ added / removed / changed (by declaring type + action)
///              ├─▶ resolutions, per first responder × shortcut (KeyDispatcher.explain)
///  head scene ─┘   conflicts (shadowing, standard commands, system-reserved, text input): new / gone
///                  platform findings (menu bar, overlay, every screen): new
/// ```
///
/// Every entry has an ``Entry/id`` that an ``ApprovalList`` can list to accept it.
public struct SceneDiff: Sendable {
    /// The labels of the two sides (usually their paths) and their scene names.
    public var baseLabel: String, headLabel: String
    public var baseName: String, headName: String
    /// Declared commands added, removed or changed.
    public var shortcuts: [ShortcutChange]
    /// Shortcuts whose result changed for a first responder present in both scenes, except
    /// those that follow directly from ``shortcuts``: a key that now runs an added (or re-keyed)
    /// command where nothing ran, or no longer runs a removed one.
    public var resolutions: [ResolutionChange]
    /// How many resolution changes follow directly from ``shortcuts`` (not listed).
    public var resolutionsFollowingShortcutChanges: Int
    /// Declaring types whose `keyCommands` getter costs more or less per call.
    public var getters: [GetterChange]
    /// Conflicts the head scene has and the base did not.
    public var newConflicts: [ShortcutConflict]
    /// Conflicts the base scene had and the head does not.
    public var resolvedConflicts: [ShortcutConflict]
    /// Platform findings the head scene has and the base did not (``PlatformFindings``: what the
    /// Mac menu bar, the iPad overlay and every screen make of the commands), on each scene's
    /// platform.
    public var newFindings: [PlatformFinding]
    /// First responders only one side has (their resolutions are not compared).
    public var firstRespondersOnlyInBase: [String], firstRespondersOnlyInHead: [String]

    /// Compares `head` with `base`. Both runtimes are used as they are loaded (initial state);
    /// their first responders are moved while surveying and put back afterwards.
    public init(base: SceneRuntime, head: SceneRuntime, baseLabel: String = "base", headLabel: String = "head") throws(SceneError) {
        self.baseLabel = baseLabel
        self.headLabel = headLabel
        baseName = base.definition.name
        headName = head.definition.name
        let baseDeclared = base.definition.declaredCommands
        let headDeclared = head.definition.declaredCommands
        shortcuts = ShortcutChange.changes(base: baseDeclared, head: headDeclared)
        getters = GetterChange.changes(base: base.definition, head: head.definition)

        var surveyed: [KeyShortcut] = []
        var seen = Set<KeyShortcut>()
        for declared in headDeclared + baseDeclared {
            for command in declared.command.expandedWithAlternates where seen.insert(command.shortcut).inserted {
                surveyed.append(command.shortcut)
            }
        }
        for menu in base.definition.menus + head.definition.menus {
            for shortcut in menu.removing where seen.insert(shortcut).inserted { surveyed.append(shortcut) }
        }
        let baseSurvey = try ResolutionSurvey(runtime: base, shortcuts: surveyed)
        let headSurvey = try ResolutionSurvey(runtime: head, shortcuts: surveyed)

        let headResponders = Set(headSurvey.firstResponders)
        let baseResponders = Set(baseSurvey.firstResponders)
        firstRespondersOnlyInBase = baseSurvey.firstResponders.filter { !headResponders.contains($0) }
        firstRespondersOnlyInHead = headSurvey.firstResponders.filter { !baseResponders.contains($0) }
        // A key that now runs a newly declared command where nothing ran, or no longer runs a
        // removed one, says no more than the shortcut change itself: counted, not listed.
        var declaredNow = Set<String>(), declaredBefore = Set<String>()
        for change in shortcuts {
            if let head = change.head, change.kind == .added || change.fields.contains(where: { $0.field == "shortcut" }) {
                for command in head.command.expandedWithAlternates {
                    declaredNow.insert("\(head.declarer) \(command.action?.name ?? "") \(command.shortcut.textNotation)")
                }
            }
            if let base = change.base, change.kind == .removed || change.fields.contains(where: { $0.field == "shortcut" }) {
                for command in base.command.expandedWithAlternates {
                    declaredBefore.insert("\(base.declarer) \(command.action?.name ?? "") \(command.shortcut.textNotation)")
                }
            }
        }
        var resolutions: [ResolutionChange] = []
        var followingShortcutChanges = 0
        for responder in headSurvey.firstResponders where baseResponders.contains(responder) {
            for shortcut in surveyed {
                let notation = shortcut.textNotation
                guard let before = baseSurvey.outcomes[responder]?[notation],
                      let after = headSurvey.outcomes[responder]?[notation], before != after else { continue }
                if before.kind == .nothing, after.kind == .performs,
                   declaredNow.contains("\(after.provider ?? "") \(after.action ?? "") \(notation)") {
                    followingShortcutChanges += 1
                    continue
                }
                if before.kind == .performs, after.kind == .nothing,
                   declaredBefore.contains("\(before.provider ?? "") \(before.action ?? "") \(notation)") {
                    followingShortcutChanges += 1
                    continue
                }
                let (reason, shadowedBy) = ResolutionChange.reason(
                    base: before, head: after, explanation: headSurvey.explanations[responder]?[notation])
                resolutions.append(ResolutionChange(
                    firstResponder: responder, shortcut: DeclaredShortcut.printable(notation),
                    shortcutSymbols: DeclaredShortcut.printable(shortcut.description),
                    base: before, head: after, reason: reason, shadowedBy: shadowedBy))
            }
        }
        self.resolutions = resolutions
        self.resolutionsFollowingShortcutChanges = followingShortcutChanges

        let baseConflicts = ShortcutConflict.all(in: base, declared: baseDeclared, survey: baseSurvey)
        let headConflicts = ShortcutConflict.all(in: head, declared: headDeclared, survey: headSurvey)
        let baseSet = Set(baseConflicts), headSet = Set(headConflicts)
        newConflicts = headConflicts.filter { !baseSet.contains($0) }
        resolvedConflicts = baseConflicts.filter { !headSet.contains($0) }

        let baseFindings = Set(try PlatformFindings(runtime: base).findings.map(\.id))
        newFindings = try PlatformFindings(runtime: head).findings.filter { !baseFindings.contains($0.id) }
    }

    /// One reported item, whatever its section.
    public struct Entry: Hashable, Sendable {
        /// The section it belongs to.
        public enum Section: String, Hashable, Sendable, CaseIterable {
            case shortcuts, resolutions, getters, newConflicts = "new-conflicts", resolvedConflicts = "resolved-conflicts"
            case newFindings = "new-findings"
        }

        /// The section.
        public var section: Section
        /// The identifier an approval file lists.
        public var id: String
        /// One line for people.
        public var summary: String
        /// Whether it needs approval: it changes what a key press does, or a getter costs more
    /// (display-only changes, cheaper getters and resolved conflicts do not).
        public var affectsBehaviour: Bool
        /// Whether an approval file accepts it.
        public var approved: Bool
    }

    /// Every entry, section by section, none approved.
    public var entries: [Entry] {
        shortcuts.map { Entry(section: .shortcuts, id: $0.id, summary: $0.summary, affectsBehaviour: $0.affectsBehaviour, approved: false) }
            + resolutions.map { Entry(section: .resolutions, id: $0.id, summary: $0.summary, affectsBehaviour: true, approved: false) }
            + getters.map { Entry(section: .getters, id: $0.id, summary: $0.summary, affectsBehaviour: $0.isCostlier, approved: false) }
            + newConflicts.map { Entry(section: .newConflicts, id: $0.id, summary: $0.summary, affectsBehaviour: true, approved: false) }
            + resolvedConflicts.map { Entry(section: .resolvedConflicts, id: $0.id, summary: $0.summary, affectsBehaviour: false, approved: false) }
            + newFindings.map { Entry(section: .newFindings, id: $0.id, summary: $0.summary, affectsBehaviour: false, approved: false) }
    }

    /// Whether nothing at all differs.
    public var isEmpty: Bool { entries.isEmpty }
}
