import KeyTraceSupport

extension ApprovalList {
    /// The list in the approval file at `path`.
    package init(contentsOf path: String) throws {
        self.init(text: String(decoding: try InputBytes.read(path, expecting: "an approval file"), as: UTF8.self))
    }

    /// Writes the file accepting every change of `diff` that affects behaviour to `path`
    /// (replaced whole), and returns how many changes it accepts.
    package static func write(accepting diff: SceneDiff, to path: String) throws -> Int {
        try OutputFile(path).replace(with: Array(text(accepting: diff).utf8))
        return diff.entries.filter(\.affectsBehaviour).count
    }
}
