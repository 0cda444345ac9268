/// Dotted version numbers (`13.4`, `[13, 4]`), compared component by component.
///
/// A deployment target and the version an `@available` or `__IPHONE_OS_VERSION_MIN_REQUIRED`
/// check requires are compared by this one rule, whichever language the check is written in.
package enum VersionNumbers {
    /// `-1` when `a` is an earlier version than `b`, `1` when it is a later one, `0` when they are
    /// the same; a missing component counts as `0` (`13` is `13.0`).
    package static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0, y = i < b.count ? b[i] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}
