/// A ``SceneDiff`` judged against an ``ApprovalList``: what `keytrace scene diff` prints and
/// exits with.
///
/// The diff *fails* (exit 1) when an entry that affects behaviour is not approved: a command
/// added or removed, a behaviour field changed (shortcut, condition, attributes, alternates,
/// priority, mirroring, repeat, property list, up action), a resolution changed, or a new
/// conflict. Display-only changes (title, discoverability title, image, state), resolved
/// conflicts and new platform findings are reported but never fail.
public struct SceneDiffReport: Sendable {
    /// The diff.
    public var diff: SceneDiff
    /// Its entries, each marked approved or not.
    public var entries: [SceneDiff.Entry]
    /// Approved identifiers that no entry has any more (the approval file can drop them).
    public var staleApprovals: [String]

    /// Judges `diff` against `approvals`.
    public init(diff: SceneDiff, approvals: ApprovalList = ApprovalList()) {
        self.diff = diff
        entries = diff.entries.map { entry in
            var entry = entry
            entry.approved = approvals.accepts(entry.id)
            return entry
        }
        let present = Set(entries.map(\.id))
        staleApprovals = approvals.ids.filter { !present.contains($0) }.sorted()
    }

    /// Entries that affect behaviour and are not approved.
    public var unapproved: [SceneDiff.Entry] { entries.filter { $0.affectsBehaviour && !$0.approved } }

    /// Whether the diff fails: an unapproved entry affects behaviour.
    public var fails: Bool { !unapproved.isEmpty }

    /// A one-line verdict: `no shortcut changes`, `3 changes, 2 need approval`, …
    public var verdict: String {
        if entries.isEmpty { return "no shortcut changes" }
        let behaviour = entries.filter(\.affectsBehaviour).count
        let approved = entries.filter { $0.affectsBehaviour && $0.approved }.count
        var parts = ["\(entries.count) change\(entries.count == 1 ? "" : "s")"]
        if behaviour == 0 {
            parts.append("none changes behaviour")
        } else {
            parts.append("\(behaviour) change\(behaviour == 1 ? "s" : "") behaviour")
            if approved > 0 { parts.append("\(approved) approved") }
            parts.append(unapproved.isEmpty ? "all approved" : "\(unapproved.count) need\(unapproved.count == 1 ? "s" : "") approval")
        }
        return parts.joined(separator: ", ")
    }

    /// Section titles, in report order.
    static func title(of section: SceneDiff.Entry.Section) -> String {
        switch section {
        case .shortcuts: return "Shortcuts added, removed or changed"
        case .resolutions: return "Resolution changes (per first responder)"
        case .getters: return "keyCommands getters (cost per call)"
        case .newConflicts: return "New conflicts"
        case .resolvedConflicts: return "Resolved conflicts"
        case .newFindings: return "New platform findings (menu bar, overlay, every screen)"
        }
    }

    /// The mark before an entry: `!` needs approval, `✓` approved, `·` informational.
    static func mark(_ entry: SceneDiff.Entry) -> String {
        if !entry.affectsBehaviour { return "·" }
        return entry.approved ? "✓" : "!"
    }
}
