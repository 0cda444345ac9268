/// UIKit's menu elements built in code (`UICommand`, `UIMenu`, `UIAction`): the closures handed
/// to them run, so the commands they create are seen; the element itself is not evaluated.
enum MenuModel: FrameworkModel {
    static let functions: Set<String> = ["UICommand", "UIMenu", "UIAction"]
    static let types: Set<String> = functions

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        evaluator.runClosures(in: site.arguments, frame: &frame)
        return .unknown(site.name)
    }
}
