import KeyTraceCore
import KeyTraceSupport

extension ResolutionExplanation {
    /// The explanation as one JSON object (`keytrace scene resolve --json`): the press, the
    /// chain, every candidate in visiting order with its verdict, and the winning action.
    public var json: String {
        var object = JSONObject()
        object.add("press", press.shortcutDescription)
        object.add("firstResponder", chainStartKind == .firstResponder ? chain.start?.description : nil)
        object.add("chainStart", chain.start?.description ?? "")
        object.add("chainStartKind", chainStartKind.rawValue)
        object.add("textInputActive", textInputActive)
        object.add("textInputEdit", textInputEdit.map { "\($0)" })
        object.add("chain", strings: chain.responders.map(\.description))
        object.add("candidates", objects: candidates.map { candidate in
            var entry = JSONObject()
            entry.add("command", object: candidate.command.jsonObject)
            entry.add("provider", candidate.provider.description)
            entry.add("bucket", candidate.bucket)
            entry.add("fidelity", UInt64(candidate.fidelity))
            entry.add("deferred", candidate.deferred)
            entry.add("verdict", candidate.verdict.text)
            entry.add("target", candidate.target?.description)
            return entry
        })
        object.add("winner", winner.map { $0.command.action?.name ?? "" })
        if let system {
            var row = JSONObject()
            row.add("platform", system.platform.rawValue)
            row.add("shortcut", system.shortcut.textNotation)
            row.add("effect", system.effect)
            row.add("source", system.source.address)
            object.add("system", object: row)
        } else {
            object.add("system", nil as String?)
        }
        return object.text
    }
}
