/// UIKit's menu elements built in code (`UICommand`, `UIMenu`, `UIAction`): the closures handed
/// to them run, so the commands they create are seen; the element itself is not evaluated.
enum MenuModel: FrameworkModel {
    static let functions: Set<String> = ["UICommand", "UIMenu", "UIAction"]
    static let types: Set<String> = functions
    /// The menu element types a value may be declared as, in the order they are looked for.
    static let elementTypes = ["UICommand", "UIMenu", "UIMenuElement"]
    /// The responder method UIKit calls to build the main menu.
    static let buildMenuName = "buildMenu"

    /// What a condition on the menu builder's `system` says while the main menu is built
    /// (`builder.system == .main` holds, `builder.system == .context` does not), or `nil` when
    /// `text` tests something else.
    static func mainMenuCheck(_ text: String) -> Bool? {
        guard text.contains("system") else { return nil }
        return text.contains(".main") && !text.hasPrefix("!") && !text.contains("!=")
    }

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        evaluator.runClosures(in: site.arguments, frame: &frame)
        return .unknown(site.name)
    }
}
