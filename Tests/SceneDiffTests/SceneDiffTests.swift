import KeyTraceCore
import ResponderEngine
import SceneDiff
import Scenes
import Testing

struct SceneDiffTests {
    private func diff(_ base: String = SceneDiffFixtures.base, _ head: String = SceneDiffFixtures.head) throws -> SceneDiff {
        try SceneDiff(base: SceneDiffFixtures.runtime(base), head: SceneDiffFixtures.runtime(head))
    }

    @Test func identicalScenesHaveNoEntries() throws {
        let diff = try diff(SceneDiffFixtures.base, SceneDiffFixtures.base)
        #expect(diff.isEmpty)
        let report = SceneDiffReport(diff: diff)
        #expect(!report.fails)
        #expect(report.verdict == "no shortcut changes")
    }

    @Test func shortcutsAreMatchedByDeclaringTypeAndAction() throws {
        let changes = try diff().shortcuts
        let added = Set(changes.filter { $0.kind == .added }.map { "\($0.declarer) \($0.action)" })
        #expect(added == ["NotesController newFolder:", "NotesController highlight:", "NotesController selectPrevious:", "NoteList newListItem:"])
        let removed = changes.filter { $0.kind == .removed }.map { "\($0.declarer) \($0.action)" }
        #expect(removed == ["NoteList deleteNote:"])
        let moved = try #require(changes.first { $0.action == "closeNote:" })
        #expect(moved.kind == .changed)
        #expect(moved.fields.map(\.field) == ["shortcut"])
        #expect(moved.fields.first?.base == "cmd+w" && moved.fields.first?.head == "shift+cmd+w")
        #expect(moved.affectsBehaviour)
        let retitled = try #require(changes.first { $0.action == "newNote:" })
        #expect(retitled.kind == .changed)
        #expect(retitled.fields.map(\.field) == ["title"])
        #expect(!retitled.affectsBehaviour, "a title is display only")
    }

    @Test func resolutionChangesSayWhyPerFirstResponder() throws {
        let diff = try diff()
        let list = "window/NotesController/NoteList"
        let shadowed = try #require(diff.resolutions.first { $0.firstResponder == list && $0.shortcut == "cmd+n" })
        #expect(shadowed.base.action == "newNote:")
        #expect(shadowed.head.action == "newListItem:")
        #expect(shadowed.reason == .shadowed)
        #expect(shadowed.summary.contains("newly shadowed by newListItem: from NoteList"))
        // Keys that now run an added command, or no longer run a removed one, are counted, not listed.
        #expect(!diff.resolutions.contains { $0.shortcut == "cmd+d" || $0.shortcut == "shift+left" })
        // Per first responder, and with none (where only the window, application and main menu
        // contribute, R10, so the controllers' changes do not show there).
        #expect(diff.resolutionsFollowingShortcutChanges == 8)
    }

    @Test func aCommandThatLosesItsTargetOrIsDisabledIsAResolutionChange() throws {
        let noTarget = SceneDiffFixtures.base.replacingOccurrences(of: "\"closeNote:\": [], ", with: "")
        let lost = try diff(SceneDiffFixtures.base, noTarget).resolutions
        #expect(lost.contains { $0.shortcut == "cmd+w" && $0.reason == .noTarget && $0.head.kind == .nothing })
        let disabled = SceneDiffFixtures.base
            .replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 1, \"state\": { \"locked\": 1 },")
            .replacingOccurrences(of: "\"actions\": { \"newNote:\"",
                                  with: "\"validations\": [ { \"action\": \"newNote:\", \"disabledWhen\": { \"state\": \"locked\", \"equals\": 1 } } ], \"actions\": { \"newNote:\"")
        let changes = try diff(SceneDiffFixtures.base, disabled)
        #expect(changes.shortcuts.isEmpty)
        let off = try #require(changes.resolutions.first { $0.shortcut == "cmd+n" })
        #expect(off.reason == .disabled)
        #expect(off.head.kind == .disabled)
    }

    @Test func newConflictsCoverDuplicatesReservedShortcutsAndTextInput() throws {
        let conflicts = try diff().newConflicts
        let kinds = Set(conflicts.map(\.kind))
        #expect(kinds == [.duplicate, .systemReserved, .textInput])
        #expect(conflicts.contains { $0.kind == .duplicate && $0.shortcut == "cmd+n" && $0.detail == "newListItem: from NoteList hides newNote: from NotesController" })
        #expect(conflicts.contains { $0.kind == .systemReserved && $0.shortcut == "cmd+h" })
        #expect(conflicts.contains { $0.kind == .textInput && $0.shortcut == "shift+left" && $0.detail.contains("EditorView") })
    }

    @Test func aCommandOnAStandardShortcutClashesWithUIKitsCommand() throws {
        let head = SceneDiffFixtures.base.replacingOccurrences(
            of: "{ \"title\": \"Close Note\", \"shortcut\": \"cmd+w\", \"action\": \"closeNote:\" }",
            with: "{ \"title\": \"Close Note\", \"shortcut\": \"cmd+w\", \"action\": \"closeNote:\" }, { \"title\": \"Search\", \"shortcut\": \"cmd+f\", \"action\": \"closeNote:\" }")
        let conflicts = try diff(SceneDiffFixtures.base, head).newConflicts
        #expect(conflicts.contains { $0.kind == .standardCommand && $0.shortcut == "cmd+f" && $0.detail.contains("find:") })
    }

    @Test func aGetterThatBuildsMoreCommandsPerCallNeedsApproval() throws {
        let before = SceneDiffFixtures.base.replacingOccurrences(
            of: "\"name\": \"NotesController\",", with: "\"name\": \"NotesController\", \"keyCommandsGetter\": {\"builds\": 2, \"computed\": false},")
        let after = SceneDiffFixtures.base.replacingOccurrences(
            of: "\"name\": \"NotesController\",",
            with: "\"name\": \"NotesController\", \"keyCommandsGetter\": {\"builds\": 12, \"computed\": true, \"costly\": [\"localization\"]},")
        let costlier = try diff(before, after)
        let change = try #require(costlier.getters.first)
        #expect(change.summary.hasPrefix("NotesController now builds 12 commands per call (was 0); new costly work in the getter: localization"))
        #expect(SceneDiffReport(diff: costlier).fails)
        let cheaper = try diff(after, before)
        #expect(cheaper.getters.first?.summary.hasPrefix("NotesController now builds 0 commands per call (was 12)") == true)
        #expect(!SceneDiffReport(diff: cheaper).fails, "a getter that got cheaper needs no approval")
    }

    @Test func newPlatformFindingsAreReportedOnTheScenesPlatformButDoNotFail() throws {
        let mac = SceneDiffFixtures.base.replacingOccurrences(of: "\"name\": \"notes\",", with: "\"name\": \"notes\", \"platform\": \"catalyst\",")
        let head = mac.replacingOccurrences(
            of: "{ \"title\": \"Close Note\", \"shortcut\": \"cmd+w\", \"action\": \"closeNote:\" }",
            with: "{ \"title\": \"Close Note\", \"shortcut\": \"cmd+w\", \"action\": \"closeNote:\" }, { \"title\": \"Refresh\", \"shortcut\": \"cmd+r\", \"action\": \"newFolder:\" }")
        let diff = try diff(mac, head)
        #expect(diff.newFindings.map(\.id) == ["finding not-in-menu-bar window/NotesController newFolder: cmd+r"],
                "what the base already had (New Note, Close Note only in keyCommands) is not new")
        let report = SceneDiffReport(diff: diff)
        #expect(report.text.contains("New platform findings (menu bar, overlay, every screen):\n  · not-in-menu-bar window/NotesController: Refresh (⌘R, newFolder:) on window/NotesController is only in keyCommands"))
        #expect(report.unapproved.map(\.section) == [.shortcuts], "the added command needs approval, its finding does not")
        #expect(report.json.contains("\"newFindings\":[{\"id\":\"finding not-in-menu-bar window/NotesController newFolder: cmd+r\""))
        let onIPad = try self.diff(SceneDiffFixtures.base, head.replacingOccurrences(of: "\"platform\": \"catalyst\",", with: ""))
        #expect(onIPad.newFindings.isEmpty, "the iPad overlay lists it")
        #expect(!SceneDiffReport(diff: try self.diff(SceneDiffFixtures.base, SceneDiffFixtures.base)).json.contains("newFindings"),
                "no key when no finding is new")
    }

    @Test func displayOnlyChangesAreReportedButDoNotFail() throws {
        let head = SceneDiffFixtures.base.replacingOccurrences(of: "\"New Note\"", with: "\"Create Note\"")
        let report = SceneDiffReport(diff: try diff(SceneDiffFixtures.base, head))
        #expect(report.entries.count == 1)
        #expect(!report.fails)
        #expect(report.text.contains("· changed NotesController newNote: ⌘N: title \"New Note\" → \"Create Note\""))
    }

    @Test func anApprovalFileAcceptsExactlyTheChangesItLists() throws {
        let diff = try diff()
        let failing = SceneDiffReport(diff: diff)
        #expect(failing.fails)
        let approvals = ApprovalList(text: ApprovalList.text(accepting: diff))
        let approved = SceneDiffReport(diff: diff, approvals: approvals)
        #expect(!approved.fails)
        #expect(approved.staleApprovals.isEmpty)
        // Dropping one line fails again, on that change alone.
        let dropped = try #require(failing.unapproved.first)
        let partial = SceneDiffReport(diff: diff, approvals: ApprovalList(ids: approvals.ids.subtracting([dropped.id])))
        #expect(partial.unapproved.map(\.id) == [dropped.id])
        // An approval of a change that is gone is reported as stale.
        let stale = SceneDiffReport(diff: diff, approvals: ApprovalList(ids: approvals.ids.union(["shortcut added X y: cmd+y"])))
        #expect(stale.staleApprovals == ["shortcut added X y: cmd+y"])
        #expect(!stale.fails)
    }

    @Test func approvalFilesIgnoreCommentsAndBlankLines() {
        let list = ApprovalList(text: "# comment\n\n  shortcut added A b: cmd+b  \r\n#another\n")
        #expect(list.ids == ["shortcut added A b: cmd+b"])
    }

    @Test func reportsRenderEveryFormat() throws {
        let report = SceneDiffReport(diff: try diff(), approvals: ApprovalList())
        #expect(report.text.hasPrefix("scene diff base → head: "))
        #expect(report.text.contains("New conflicts:"))
        #expect(report.markdown.contains("| **needs approval** |"))
        #expect(report.markdown.contains("```"))
        #expect(report.json.hasPrefix("{\"schema\":\"keytrace-scene-diff/1\""))
        #expect(report.json.contains("\"fails\":true"))
        for output in [report.text, report.markdown, report.json] {
            #expect(!output.contains("Optional("))
        }
    }
}
