/// UIKit's key-input constants (`UIKeyInputEscape`, …) reached through a function an app declares
/// outside Swift.
enum KeyInputModel: FrameworkModel {
    static func claims(_ name: String, in evaluator: Evaluator) -> Bool {
        Evaluator.keyInputFunction(name) != nil
    }

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        Evaluator.keyInputFunction(site.name).map(Value.string)
    }
}

extension Evaluator {
    /// A function the app declares outside Swift (an Objective-C helper such as
    /// `_XYZKeyInputEscape()`) whose name ends in a UIKit key-input constant's name returns
    /// that constant.
    static func keyInputFunction(_ name: String) -> String? {
        guard name.containsBytes(of: "KeyInput"), let range = name.range(of: "KeyInput", options: .backwards) else { return nil }
        let constant = "UIKeyInput" + name[range.upperBound...]
        return KeyInputConstant.globals.contains(constant) ? constant : nil
    }
}
