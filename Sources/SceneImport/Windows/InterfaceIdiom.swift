import Foundation
import SceneImportVocabulary

/// The device the scene stands for. KeyTrace models hardware keyboards, so the iPad is the
/// default: code that branches on `userInterfaceIdiom` or the horizontal size class builds the
/// iPad's layout unless the import asks for the phone's.
public enum InterfaceIdiom: String, Sendable, CaseIterable {
    /// An iPad in full screen: `userInterfaceIdiom == .pad`, regular horizontal size class.
    case pad
    /// An iPhone in portrait: `userInterfaceIdiom == .phone`, compact horizontal size class.
    case phone

    /// The device suffix of the `Info.plist` keys UIKit reads on this device before the plain
    /// ones (`UIMainStoryboardFile~ipad`).
    var infoPlistDevice: String {
        switch self {
        case .pad: return "ipad"
        case .phone: return "iphone"
        }
    }

    /// What a run-time test of the idiom or the size class says on this device, or `nil` when
    /// `condition` tests something else (or more than the idiom). Reads
    /// `UIDevice.current.userInterfaceIdiom == .pad` (and `!=`, `.phone`, `.mac`), the common
    /// helpers `isPad`/`isIPad`/`isPhone`/`isIPhone` (also sent as Objective-C messages,
    /// `[UIApplication isIPad]`, and as the `IS_IPAD` macro), `horizontalSizeClass == .regular` /
    /// `.compact`, Objective-C's `UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad` and
    /// `UIUserInterfaceSizeClassRegular`, and an `||` of such tests.
    public func decides(_ condition: String) -> Bool? {
        decides(condition) { _ in nil }
    }

    /// ``decides(_:)``, with `helper` answering for a name the app declares as an idiom test of
    /// its own (``IdiomHelpers``), or `nil`.
    func decides(_ condition: String, helper: (String) -> Bool?) -> Bool? {
        var text = Self.messageName(condition) ?? condition.filter { !$0.isWhitespace }
        var negated = false
        while text.hasPrefix("!") {
            negated.toggle()
            text.removeFirst()
        }
        if text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        // `a || b` of tests each decided here: it holds when one holds, fails when all fail.
        if text.contains("||"), !text.contains("&&"), !text.contains("(") {
            var answers: [Bool] = []
            for side in text.components(separatedBy: "||") {
                guard let answer = decides(side, helper: helper) else { return nil }
                answers.append(answer)
            }
            return answers.contains(true) != negated
        }
        guard let answer = Self.answer(text, on: self, helper: helper) else { return nil }
        return answer != negated
    }

    /// What this device says of one test of a recorded condition: ``decides(_:)`` of its
    /// source, reversed when the test is negated.
    public func decides(_ test: Condition.Test) -> Bool? {
        decides(test.source).map { $0 != test.isNegated }
    }

    private static func answer(_ text: String, on idiom: InterfaceIdiom, helper: (String) -> Bool?) -> Bool? {
        guard !text.contains("&&"), !text.contains("||") else { return nil }
        let called = text.hasSuffix("()") ? String(text.dropLast(2)) : text
        if let name = called.split(separator: ".").last.map(String.init) {
            if let device = helperNames[name] { return device == idiom }
            if let answer = helper(name), called.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) { return answer }
        }
        let isIdiomTest = text.contains("userInterfaceIdiom") || text.contains("UIUserInterfaceIdiom") || text.contains("USER_INTERFACE_IDIOM")
        let isSizeTest = text.contains("horizontalSizeClass")
        guard isIdiomTest || isSizeTest else { return nil }
        let operators = ["==", "!="]
        guard let comparison = operators.first(where: { text.contains($0) }) else { return nil }
        let sides = text.components(separatedBy: comparison)
        guard sides.count == 2 else { return nil }
        // The side naming a value: `.pad`, or Objective-C's `UIUserInterfaceIdiomPad`.
        let names = sides.map { side in side.split(separator: ".").last.map { Self.valueName(String($0)) } ?? "" }
        guard let value = names.first(where: { Self.values.contains($0) }) else { return nil }
        let holds: Bool
        switch value {
        case "pad": holds = idiom == .pad
        case "phone": holds = idiom == .phone
        case "regular": holds = idiom == .pad
        case "compact": holds = idiom == .phone
        case "mac", "tv", "carPlay", "vision", "unspecified": holds = false
        default: return nil
        }
        return comparison == "==" ? holds : !holds
    }

    /// Helper properties apps declare for the idiom test (`UIDevice.current.isPad`,
    /// `UIDevice.isIPad`, the `IS_IPAD` macro), by the device they hold on.
    private static let helperNames: [String: InterfaceIdiom] = [
        "isPad": .pad, "isIPad": .pad, "isiPad": .pad, "isIpad": .pad, "IS_IPAD": .pad, "IS_PAD": .pad,
        "isPhone": .phone, "isIPhone": .phone, "isiPhone": .phone, "isIphone": .phone, "IS_IPHONE": .phone, "IS_PHONE": .phone,
    ]

    /// The words a test of the idiom or the size class is written with: UIKit's names and the
    /// helpers of ``helperNames`` (``IdiomHelpers`` keeps the app's bodies that name one).
    static let testWords = ["userInterfaceIdiom", "UIUserInterfaceIdiom", "USER_INTERFACE_IDIOM", "horizontalSizeClass"]
        + helperNames.keys.sorted()

    /// The values an idiom or size-class test compares with, as Swift writes them.
    private static let values: Set<String> = ["pad", "phone", "regular", "compact", "mac", "tv", "carPlay", "vision", "unspecified"]

    /// A value as Swift writes it: Objective-C's `UIUserInterfaceIdiomPad` is `pad`,
    /// `UIUserInterfaceSizeClassRegular` is `regular`.
    private static func valueName(_ written: String) -> String {
        for prefix in ["UIUserInterfaceIdiom", "UIUserInterfaceSizeClass"] where written.hasPrefix(prefix) && written.count > prefix.count {
            let rest = written.dropFirst(prefix.count)
            return rest == "CarPlay" ? "carPlay" : rest.prefix(1).lowercased() + rest.dropFirst()
        }
        return written
    }

    /// The selector of an Objective-C message without arguments (`[UIApplication isIPad]`, with
    /// any `!` before it kept), for the helper names; `nil` for other text.
    private static func messageName(_ condition: String) -> String? {
        let trimmed = condition.trimmingCharacters(in: .whitespaces)
        let bangs = trimmed.prefix { $0 == "!" }
        let message = trimmed.dropFirst(bangs.count)
        guard message.hasPrefix("["), message.hasSuffix("]"), !message.contains(":"),
              let name = message.dropLast().split(separator: " ").last, helperNames[String(name)] != nil else { return nil }
        return String(bangs) + String(name)
    }

    /// The enum case of `userInterfaceIdiom` a `switch` case on this device matches.
    var caseName: String { self == .pad ? "pad" : "phone" }
}
