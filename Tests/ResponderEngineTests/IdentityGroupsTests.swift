import KeyTraceCore
import Testing
@testable import ResponderEngine

/// How a collection orders, shadows and de-duplicates what it read (R11, R12), whichever way an
/// identity is keyed: an integer for special inputs and single scalars, the identity itself for
/// any other input.
@Suite struct IdentityGroupsTests {
    private func contents(_ commands: [KeyCommand]) -> CommandCollection.Contents {
        let sources = commands.enumerated().map {
            CommandCollection.Source(command: $0.element, position: $0.offset, menu: nil)
        }
        return CommandCollection.Contents(sources: sources, layout: .usANSI, mirror: false, textInputActive: false,
                                          platform: .ipad, osVersion: .current, indexed: true)
    }

    private func names(_ candidates: some Sequence<CommandCollection.Candidate>) -> [String] {
        candidates.map { "\($0.command.input.uiKitValue) \($0.command.action?.name ?? "-")" }
    }

    @Test func equalCommandsAreReadOnceAndLaterOnesOfAnIdentityAreShadowed() {
        let c = contents([
            KeyCommand(input: .character("a"), modifierFlags: .command, action: "first:"),
            KeyCommand(input: .character("a"), modifierFlags: .command, action: "first:"),  // equal: dropped
            KeyCommand(input: .character("A"), modifierFlags: .command, action: "capital:"),  // another identity
            KeyCommand(input: .character("a"), modifierFlags: .command, action: "second:"),  // shadowed
            KeyCommand(input: .character("ab"), modifierFlags: .command, action: "word:"),  // keyed by identity
            KeyCommand(input: .character("ab"), modifierFlags: .command, action: "word:"),  // equal: dropped
            KeyCommand(input: .character("ab"), modifierFlags: .command, action: "otherWord:"),  // shadowed
            KeyCommand(input: .special(.function(30)), action: "far:"),  // no usage of its own: by identity
            KeyCommand(input: .special(.function(31)), action: "farther:"),  // a different identity
            KeyCommand(input: .character("+"), modifierFlags: .command, action: "zoom:"),  // bucket −1
            KeyCommand(input: .special(.upArrow), action: "up:"),
        ])
        #expect(names(c.candidates) == ["a first:", "A capital:", "ab word:", "UIKeyInputF30 far:",
                                        "UIKeyInputF31 farther:", "UIKeyInputUpArrow up:", "+ zoom:"])
        #expect(c.shadowed.keys.sorted() == [0, 2])
        #expect(names(c.shadowed[0] ?? []) == ["a second:"])
        #expect(names(c.shadowed[2] ?? []) == ["ab otherWord:"])
    }

    @Test func integerKeysTellModifiersAndInputsApart() {
        let keys = [
            KeyCommand(input: .character("a"), action: "x:"),
            KeyCommand(input: .character("a"), modifierFlags: .command, action: "x:"),
            KeyCommand(input: .character("A"), action: "x:"),
            KeyCommand(input: .special(.escape), action: "x:"),
            KeyCommand(input: .special(.escape), modifierFlags: .shift, action: "x:"),
        ].map { CommandCollection.IdentityGroups.key(of: $0) }
        #expect(keys.allSatisfy { $0 != nil })
        #expect(Set(keys).count == keys.count)
        #expect(CommandCollection.IdentityGroups.key(of: KeyCommand(input: .character("ab"), action: "x:")) == nil)
        #expect(CommandCollection.IdentityGroups.key(of: KeyCommand(input: .special(.function(30)), action: "x:")) == nil)
    }
}
