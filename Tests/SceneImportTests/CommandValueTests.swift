import KeyTraceCore
import Testing
@testable import SceneImport

/// The evaluator's command values: copies share fields until one changes, and the hash a memo
/// key takes from a command always follows its fields.
@Suite struct CommandValueTests {
    private func fingerprint(_ command: CommandValue) -> Int {
        var hasher = Hasher()
        command.fingerprint(into: &hasher)
        return hasher.finalize()
    }

    private func command(title: String? = nil) -> CommandValue {
        var command = CommandValue(hasKey: true, input: .some("f"), modifiers: .command, action: "find:",
                                   location: SourceLocation(file: "App/ViewController.swift", line: 12))
        command.title = title
        return command
    }

    @Test func aChangedFieldChangesTheHashAfterItWasKept() {
        var changed = command(title: "Find")
        let before = fingerprint(changed)
        #expect(fingerprint(changed) == before)
        changed.title = "Search"
        #expect(fingerprint(changed) != before)
        #expect(fingerprint(changed) == fingerprint(command(title: "Search")))
        changed.title = "Find"
        #expect(fingerprint(changed) == before)
    }

    @Test func changingACopyLeavesTheOriginalAndItsHash() {
        let original = command(title: "Find")
        let hash = fingerprint(original)
        var copy = original
        copy.input = .some("g")
        copy.modifiers = [.command, .shift]
        #expect(original.input == .some("f"))
        #expect(original.modifiers == .command)
        #expect(fingerprint(original) == hash)
        #expect(fingerprint(copy) != hash)
    }

    @Test func commandsInAValueHashAsTheirFields() {
        var hashes: [Int] = []
        for title in ["Find", "Search", "Find"] {
            var hasher = Hasher()
            Value.array([.init(value: .command(command(title: title)), condition: .always)]).fingerprint(into: &hasher)
            hashes.append(hasher.finalize())
        }
        #expect(hashes[0] == hashes[2])
        #expect(hashes[0] != hashes[1])
    }
}
