import KeyTraceCore
import ResponderEngine
import Scenes

/// The findings about a scene's commands that need a platform: what the Mac menu bar and the
/// iPad ⌘-hold overlay make of them, across every screen the scene has (`initial` and its
/// `states`). `keytrace scene import` reports them with the inventory's `file:line`, `keytrace
/// scene diff` the ones the head has and the base did not.
///
/// Each kind is a rule of its own (``PlatformFindingRule``), asked in the order of ``rules``:
///
/// ```
///  screens ─▶ PlatformSurvey ─┬─▶ not-in-menu-bar            (Mac Catalyst)
///  (initial,    commands ×    ├─▶ no-conventional-shortcut   (both)
///   states)     screens,      ├─▶ standard-shortcut-taken    (Mac Catalyst)
///               standard      ├─▶ untitled-on-platform       (both, each its own way)
///               items         └─▶ disabled-on-every-screen   (both)
/// ```
public struct PlatformFindings {
    /// The platform and version the findings are for (the scene's, or `--platform`'s).
    public var platform: PlatformVersion
    /// The screens looked at, `initial` first.
    public var screens: [String]
    /// The findings, rule by rule in ``rules`` order, each rule's in survey order.
    public var findings: [PlatformFinding]

    /// The rules, in report order.
    public static let rules: [any PlatformFindingRule] = [
        NotInMenuBarRule(), ConventionalShortcutRule(), StandardShortcutRule(), UntitledCommandRule(), DisabledOnEveryScreenRule(),
    ]

    /// The findings of `runtime`'s scene on its application's platform and version (on
    /// `platform` at that version when one is given): every screen is built anew from the
    /// definition (``SceneScreen/all(of:on:limit:)``), so `runtime` is not changed.
    public init(runtime: SceneRuntime, on platform: Platform? = nil) throws(SceneError) {
        self.init(survey: PlatformSurvey(screens: try SceneScreen.all(of: runtime, on: platform)))
    }

    /// The findings of a survey.
    public init(survey: PlatformSurvey) {
        platform = survey.platform
        screens = survey.screens
        findings = Self.rules.filter { $0.platforms.contains(survey.platform.platform) }.flatMap { $0.findings(in: survey) }
    }
}

/// One kind of platform finding: the platforms it applies to and how it finds it in a survey.
public protocol PlatformFindingRule: Sendable {
    /// The kind it reports.
    var kind: PlatformFinding.Kind { get }
    /// The platforms it applies to.
    var platforms: Set<Platform> { get }
    /// Its findings in `survey`, in survey order.
    func findings(in survey: PlatformSurvey) -> [PlatformFinding]
}

extension PlatformFindingRule {
    /// A finding of this rule's kind about `command`.
    func finding(_ command: PlatformSurvey.Command, _ message: String, on platform: Platform) -> PlatformFinding {
        PlatformFinding(kind: kind, platform: platform, message: message, responder: command.responder, action: command.action,
                        shortcut: command.shortcut)
    }
}
