/// UIKit's key-input constants (`UIKeyInputEscape`, …) reached through a function an app declares
/// outside Swift.
enum KeyInputModel: FrameworkModel {
    static let claimsOtherNames = true

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

/// Inputs UIKit names with constants, by the constant's Swift spelling.
enum KeyInputConstant {
    static let uiKeyCommandMembers: [String: String] = {
        var table: [String: String] = [
            "inputUpArrow": "UIKeyInputUpArrow", "inputDownArrow": "UIKeyInputDownArrow",
            "inputLeftArrow": "UIKeyInputLeftArrow", "inputRightArrow": "UIKeyInputRightArrow",
            "inputEscape": "UIKeyInputEscape", "inputPageUp": "UIKeyInputPageUp",
            "inputPageDown": "UIKeyInputPageDown", "inputHome": "UIKeyInputHome",
            "inputEnd": "UIKeyInputEnd", "inputDelete": "UIKeyInputDelete",
        ]
        // iOS 13.4's function keys: `UIKeyCommand.f1` … `f12`.
        for n in 1...12 { table["f\(n)"] = "UIKeyInputF\(n)" }
        return table
    }()

    static let globals: Set<String> = Set(uiKeyCommandMembers.values)

    /// SwiftUI `KeyEquivalent` constants.
    static let keyEquivalents: [String: String] = [
        "return": "\r", "escape": "UIKeyInputEscape", "tab": "\t", "space": " ",
        "delete": "\u{8}", "deleteForward": "UIKeyInputDelete", "upArrow": "UIKeyInputUpArrow",
        "downArrow": "UIKeyInputDownArrow", "leftArrow": "UIKeyInputLeftArrow",
        "rightArrow": "UIKeyInputRightArrow", "pageUp": "UIKeyInputPageUp",
        "pageDown": "UIKeyInputPageDown", "home": "UIKeyInputHome", "end": "UIKeyInputEnd",
        "clear": "\u{1b}",
    ]
}
