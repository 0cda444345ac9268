import KeyTraceCore
import TraceFormat

/// The canonical, human-readable line of one resolution: what golden files hold.
///
/// One resolution a line, the time rebased to the trace's first key (seconds, 6 decimals),
/// no measured times, so the same trace and scene give the same text on every machine:
///
/// ```
/// +0.000000 began ⌘W → performed closeTab: "Close Tab" from window/viewer on window/viewer
/// ```
public enum CanonicalResolution {
    /// The line for a key record and its resolution; `origin` is the first key's timestamp.
    public static func line(key: KeyPress, resolution: ResolutionRecord, origin: UInt64) -> String {
        let offset = key.timestamp >= origin ? key.timestamp - origin : 0
        let seconds = offset / 1_000_000_000
        let micros = (offset % 1_000_000_000) / 1_000
        let micro = String(micros)
        var text = "+\(seconds).\(String(repeating: "0", count: 6 - micro.count))\(micro) "
        text += "\(key.phase.name) \(key.shortcutDescription)\(key.isRepeat ? " (repeat)" : "")"
        text += " → \(resolution.outcome.name)"
        if let action = resolution.action { text += " \(action.name)\(resolution.isUpAction ? " (up)" : "")" }
        if let title = resolution.title, resolution.action != nil || resolution.outcome == .system { text += " \"\(title)\"" }
        if let provider = resolution.providerPath, resolution.command != nil { text += " from \(provider)" }
        if let target = resolution.targetPath {
            text += resolution.outcome == .performedCommand ? " on \(target)" : " by \(target)"
        }
        if let blocking = resolution.blockingAction { text += " blocked by \(blocking.name)" }
        return text
    }

    /// Whether two resolutions agree on everything that is not measured.
    public static func agree(_ a: ResolutionRecord, _ b: ResolutionRecord) -> Bool {
        a.outcome == b.outcome && a.isUpAction == b.isUpAction && a.hasSameDetails(as: b)
    }

    /// ``agree(_:_:)``, remembering the details found equal in `matches` (a replay compares
    /// the same few pairs again and again).
    static func agree(_ a: ResolutionRecord, _ b: ResolutionRecord, matches: inout ResolutionDetailsMatches) -> Bool {
        a.outcome == b.outcome && a.isUpAction == b.isUpAction && matches.haveSameDetails(a, b)
    }
}
