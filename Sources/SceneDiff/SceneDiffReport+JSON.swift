import KeyTraceCore
import KeyTraceSupport

extension SceneDiffReport {
    /// The schema of ``json``.
    public static let schemaName = "keytrace-scene-diff/1"

    /// The report as one JSON object (schema `keytrace-scene-diff/1`): `base`, `head`,
    /// `verdict`, `fails`, `unapproved` (ids), `shortcuts`, `resolutions`, `newConflicts`,
    /// `resolvedConflicts`, `newFindings` when the head has a platform finding the base does not
    /// (each entry with `id`, `summary`, `affectsBehaviour`, `approved` and its details),
    /// `firstRespondersOnlyInBase`/`InHead` and `staleApprovals`.
    public var json: String {
        let approved = Set(entries.filter(\.approved).map(\.id))
        var object = JSONObject()
        object.add("schema", Self.schemaName)
        object.add("base", object: side(diff.baseLabel, diff.baseName))
        object.add("head", object: side(diff.headLabel, diff.headName))
        object.add("verdict", verdict)
        object.add("fails", fails)
        object.add("unapproved", strings: unapproved.map(\.id))
        object.add("shortcuts", objects: diff.shortcuts.map { change in
            var entry = Self.common(id: change.id, summary: change.summary, behaviour: change.affectsBehaviour, approved: approved)
            entry.add("kind", change.kind.rawValue)
            entry.add("declarer", change.declarer)
            entry.add("action", change.action)
            if let base = change.base { entry.add("baseCommand", object: Self.command(base)) }
            if let head = change.head { entry.add("headCommand", object: Self.command(head)) }
            entry.add("fields", objects: change.fields.map { field in
                var object = JSONObject()
                object.add("field", field.field)
                object.add("base", field.base)
                object.add("head", field.head)
                object.add("affectsBehaviour", field.affectsBehaviour)
                return object
            })
            return entry
        })
        object.add("resolutions", objects: diff.resolutions.map { change in
            var entry = Self.common(id: change.id, summary: change.summary, behaviour: true, approved: approved)
            entry.add("firstResponder", change.firstResponder)
            entry.add("shortcut", change.shortcut)
            entry.add("reason", change.reason.rawValue)
            entry.add("shadowedBy", change.shadowedBy)
            entry.add("baseOutcome", object: Self.outcome(change.base))
            entry.add("headOutcome", object: Self.outcome(change.head))
            return entry
        })
        object.add("getters", objects: diff.getters.map { change in
            var entry = Self.common(id: change.id, summary: change.summary, behaviour: change.isCostlier, approved: approved)
            entry.add("declarer", change.declarer)
            entry.add("builtPerCallBefore", change.buildsBefore)
            entry.add("builtPerCallAfter", change.buildsAfter)
            entry.add("newCostlyWork", strings: change.newCostlyWork)
            return entry
        })
        object.add("newConflicts", objects: Self.conflicts(diff.newConflicts, behaviour: true, approved: approved))
        object.add("resolvedConflicts", objects: Self.conflicts(diff.resolvedConflicts, behaviour: false, approved: approved))
        if !diff.newFindings.isEmpty {
            object.add("newFindings", objects: diff.newFindings.map { finding in
                var entry = Self.common(id: finding.id, summary: finding.summary, behaviour: false, approved: approved)
                entry.add("kind", finding.kind.rawValue)
                entry.add("platform", finding.platform.rawValue)
                entry.add("responder", finding.responder)
                entry.add("action", finding.action)
                entry.add("shortcut", finding.shortcut.map { DeclaredShortcut.printable($0.textNotation) })
                entry.add("message", finding.message)
                return entry
            })
        }
        object.add("resolutionsFollowingShortcutChanges", diff.resolutionsFollowingShortcutChanges)
        object.add("firstRespondersOnlyInBase", strings: diff.firstRespondersOnlyInBase)
        object.add("firstRespondersOnlyInHead", strings: diff.firstRespondersOnlyInHead)
        object.add("staleApprovals", strings: staleApprovals)
        return object.text
    }

    private func side(_ label: String, _ name: String) -> JSONObject {
        var object = JSONObject()
        object.add("label", label)
        object.add("scene", name)
        return object
    }

    private static func common(id: String, summary: String, behaviour: Bool, approved: Set<String>) -> JSONObject {
        var object = JSONObject()
        object.add("id", id)
        object.add("summary", summary)
        object.add("affectsBehaviour", behaviour)
        object.add("approved", approved.contains(id))
        return object
    }

    private static func conflicts(_ conflicts: [ShortcutConflict], behaviour: Bool, approved: Set<String>) -> [JSONObject] {
        conflicts.map { conflict in
            var entry = common(id: conflict.id, summary: conflict.summary, behaviour: behaviour, approved: approved)
            entry.add("kind", conflict.kind.rawValue)
            entry.add("shortcut", conflict.shortcut)
            entry.add("detail", conflict.detail)
            return entry
        }
    }

    private static func command(_ shortcut: DeclaredShortcut) -> JSONObject {
        var object = JSONObject()
        object.add("shortcut", shortcut.notation)
        object.add("list", shortcut.list)
        object.add("jsonPath", shortcut.jsonPath)
        for field in shortcut.fields where field.name != "shortcut" {
            object.add(field: field.name, field.value.isEmpty ? nil : field.value)
        }
        return object
    }

    private static func outcome(_ outcome: ResolutionOutcome) -> JSONObject {
        var object = JSONObject()
        object.add("kind", outcome.kind.rawValue)
        object.add("action", outcome.action)
        object.add("target", outcome.target)
        object.add("provider", outcome.provider)
        object.add("edit", outcome.edit)
        object.add("summary", outcome.summary)
        return object
    }
}
