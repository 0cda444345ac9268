import KeyTraceCore
import Testing

/// `UIKeyModifierFlags` member names and raw values, as the scene importer reads them.
@Suite struct ModifierFlagsUIKitNamesTests {
    @Test func everyUIKitMemberNameNamesItsFlag() {
        #expect(ModifierFlags(uiKitName: "command") == .command)
        #expect(ModifierFlags(uiKitName: "alternate") == .alternate)
        #expect(ModifierFlags(uiKitName: "numericPad") == .numericPad)
        #expect(ModifierFlags(uiKitName: "option") == nil, "SwiftUI's name is not UIKit's")
        #expect(ModifierFlags.uiKitMembers.map(\.flag).reduce(ModifierFlags()) { $0.union($1) } == .all)
    }

    @Test func namesAreListedAlphabetically() {
        #expect(ModifierFlags([.shift, .command, .alternate]).uiKitNames == ["alternate", "command", "shift"])
        #expect(ModifierFlags.all.uiKitNames == ModifierFlags.all.uiKitNames.sorted())
        #expect(ModifierFlags().uiKitNames.isEmpty)
    }

    @Test func aRawValueWithABitThatIsNoModifierIsRejected() {
        #expect(ModifierFlags(exactly: 1 << 20 | 1 << 17) == [.command, .shift])
        #expect(ModifierFlags(exactly: 0) == [])
        #expect(ModifierFlags(exactly: 1) == nil)
        #expect(ModifierFlags(exactly: -1) == nil)
        #expect(ModifierFlags(exactly: Int.max) == nil)
    }
}
