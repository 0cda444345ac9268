/// The changes a team has accepted: a text file with one ``SceneDiff/Entry/id`` per line, like a
/// golden trace for shortcuts. `keytrace scene diff --approved FILE` reads it; with
/// `--write-approved` it writes every current change into it.
///
/// ```
/// # keytrace scene diff approvals: one change per line; '#' starts a comment
/// shortcut added ListController newItem: cmd+n
/// ```
///
/// Blank lines and lines starting with `#` are ignored; surrounding spaces are trimmed.
public struct ApprovalList: Hashable, Sendable {
    /// The accepted identifiers.
    public var ids: Set<String>

    /// An empty list, or one holding `ids`.
    public init(ids: Set<String> = []) { self.ids = ids }

    /// Parses the file's text.
    public init(text: String) {
        var ids = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: " \t\r")
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            ids.insert(String(trimmed))
        }
        self.ids = ids
    }

    /// The file's text accepting every change of `diff` that affects behaviour or is a new
    /// conflict, in report order.
    public static func text(accepting diff: SceneDiff) -> String {
        var lines = [
            "# keytrace scene diff approvals: one change per line; '#' starts a comment.",
            "# Accepted changes from \(diff.baseName) to \(diff.headName); `keytrace scene diff --approved FILE` passes while these are the only ones.",
        ]
        var seen = Set<String>()
        for entry in diff.entries where entry.affectsBehaviour && seen.insert(entry.id).inserted {
            lines.append(entry.id)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Whether `id` is accepted.
    public func accepts(_ id: String) -> Bool { ids.contains(id) }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result.removeFirst() }
        while let last = result.last, set.contains(last) { result.removeLast() }
        return result
    }
}
