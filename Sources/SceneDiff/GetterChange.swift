import Scenes

/// A change in what one declaring type's `keyCommands` getter costs (the scene's
/// `keyCommandsGetter`): UIKit asks every responder of the chain on every key press, so a
/// getter that builds more commands per call builds them on every press.
public struct GetterChange: Hashable, Sendable {
    /// The declaring type (node name).
    public var declarer: String
    /// The getter in the base and head scenes (`nil` where the scene does not say).
    public var base: KeyCommandsGetter?, head: KeyCommandsGetter?

    /// Commands one call builds that a cache would not rebuild, before and after.
    public var buildsBefore: Int { base?.buildsPerCall ?? 0 }
    public var buildsAfter: Int { head?.buildsPerCall ?? 0 }

    /// Costly work the head's getter does that the base's did not.
    public var newCostlyWork: [String] { (head?.costly ?? []).filter { !(base?.costly ?? []).contains($0) } }

    /// Whether it costs more per call: more commands built, or new costly work. A cost that
    /// went down is reported without needing approval.
    public var isCostlier: Bool { buildsAfter > buildsBefore || !newCostlyWork.isEmpty }

    /// The identifier an approval file lists.
    public var id: String {
        "getter \(declarer): builds \(buildsBefore)->\(buildsAfter) per call"
            + (newCostlyWork.isEmpty ? "" : ", new costly work \(newCostlyWork.joined(separator: ","))")
    }

    /// `ListController now builds 12 commands per call (was 0)`.
    public var summary: String {
        var line = "\(declarer) now builds \(buildsAfter) command\(buildsAfter == 1 ? "" : "s") per call (was \(buildsBefore))"
        if buildsAfter == buildsBefore { line = "\(declarer) builds \(buildsAfter) command\(buildsAfter == 1 ? "" : "s") per call, as before" }
        if !newCostlyWork.isEmpty { line += "; new costly work in the getter: \(newCostlyWork.joined(separator: ", "))" }
        return line + " — UIKit calls it on every key press whose chain holds it"
    }

    /// The declarers whose getter cost differs between the two scenes, by name.
    static func changes(base: SceneDefinition, head: SceneDefinition) -> [GetterChange] {
        let before = getters(of: base), after = getters(of: head)
        return Set(before.keys).union(after.keys).sorted().compactMap { name in
            let change = GetterChange(declarer: name, base: before[name], head: after[name])
            let same = change.buildsBefore == change.buildsAfter && (change.base?.costly ?? []) == (change.head?.costly ?? [])
            return same ? nil : change
        }
    }

    /// Each node's getter, by node name (the first node of a name that says).
    private static func getters(of definition: SceneDefinition) -> [String: KeyCommandsGetter] {
        var result: [String: KeyCommandsGetter] = [:]
        func visit(_ node: NodeDefinition) {
            if let getter = node.keyCommandsGetter, result[node.name] == nil { result[node.name] = getter }
            node.children.forEach(visit)
            node.views.forEach(visit)
        }
        definition.topLevelNodes.forEach(visit)
        return result
    }
}
