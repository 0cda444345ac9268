import Foundation

/// The run-time tests of which platform the app runs on: `ProcessInfo.processInfo.isMacCatalystApp`
/// and `userInterfaceIdiom == .mac` hold in a Mac Catalyst build and never in an iOS one, so
/// code under them counts for `--platform catalyst` only, and code under their negation for
/// iOS only, as `#if targetEnvironment(macCatalyst)` does at compile time.
enum PlatformModel: FrameworkModel {
    static let macCatalystProperty = "isMacCatalystApp"
    static let macIdiom = ".mac"
    static let idiomProperty = "userInterfaceIdiom"

    /// Whether `text`, a branch condition, holds on `platform`; `nil` when it tests something
    /// else (or more than the platform: `isMacCatalystApp || compact`).
    static func holds(_ text: String, on platform: CompilationConditions.Platform) -> Bool? {
        guard text.containsBytes(of: macCatalystProperty) || (text.containsBytes(of: idiomProperty) && text.containsBytes(of: macIdiom)),
              !text.containsBytes(of: "||") else { return nil }
        // Every part must be a platform test: `isMacCatalystApp && hasSelection` stays a condition.
        var result = true
        for part in text.split(separator: "&").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            guard let holds = partHolds(part, on: platform) else { return nil }
            result = result && holds
        }
        return result
    }

    private static func partHolds(_ part: String, on platform: CompilationConditions.Platform) -> Bool? {
        var text = part
        var negated = false
        while text.hasPrefix("!") || (text.hasPrefix("(") && text.hasSuffix(")")) {
            if text.hasPrefix("!") {
                negated.toggle()
                text = String(text.dropFirst())
            } else {
                text = String(text.dropFirst().dropLast())
            }
        }
        let isCatalyst = platform == .macCatalyst
        let holds: Bool
        if text == "ProcessInfo.processInfo.\(macCatalystProperty)" || text == "ProcessInfo().\(macCatalystProperty)" {
            holds = isCatalyst
        } else if text.containsBytes(of: idiomProperty) {
            let sides = text.components(separatedBy: text.containsBytes(of: "!=") ? "!=" : "==").map { $0.trimmingCharacters(in: .whitespaces) }
            guard sides.count == 2, sides.contains(macIdiom) || sides.contains("UIUserInterfaceIdiom\(macIdiom)") else { return nil }
            holds = text.containsBytes(of: "!=") ? !isCatalyst : isCatalyst
        } else {
            return nil
        }
        return negated ? !holds : holds
    }
}
