import SceneImportVocabulary

/// The scene is the app on the newest iPadOS: an availability check the build leaves to run time
/// (`#available(iOS 17, *)` in an app that also runs on iOS 16, `@available(iOS 13, *)` or
/// `__builtin_available(iOS 13, *)` in Objective-C) holds there, and its negation, or
/// `#unavailable(…)`, holds only on an older OS.
enum NewestOS {
    private static let availablePrefixes = ["#available(", "@available(", "__builtin_available("]

    /// Whether `test` holds on the newest OS: `true` or `false` for one availability check,
    /// `nil` for any other test (a list of conditions, `a && b`, is not one check).
    static func decides(_ test: Condition.Test) -> Bool? {
        let source = test.source
        guard source.last == ")", source.firstIndex(of: ")") == source.index(before: source.endIndex) else { return nil }
        if source.hasPrefix("#unavailable(") { return test.isNegated }
        guard availablePrefixes.contains(where: { source.hasPrefix($0) }) else { return nil }
        return !test.isNegated
    }
}
