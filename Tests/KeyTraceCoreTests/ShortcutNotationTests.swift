import Testing
@testable import KeyTraceCore

@Suite struct ShortcutNotationTests {
    @Test func symbolAndTextNotationsParseToTheSameShortcut() throws {
        let pairs: [(String, String)] = [
            ("⇧⌘A", "shift+cmd+a"), ("⌘+", "cmd++"), ("⌘?", "cmd+?"), ("⎋", "esc"),
            ("⌘↑", "cmd+up"), ("⌃⌥⇞", "ctrl+alt+pageup"), ("⌘F5", "cmd+f5"),
            ("⌘Space", "cmd+space"), ("⌥⌘W", "opt+cmd+w"), ("⌘[", "command+["),
        ]
        for (symbols, text) in pairs {
            #expect(try KeyShortcut(symbols) == KeyShortcut(text), "\(symbols) vs \(text)")
        }
    }

    @Test func printsCanonicalFormsThatRoundTrip() throws {
        let inputs = ["shift+cmd+a", "cmd++", "cmd+plus", "ctrl+opt+shift+cmd+f12", "esc", "cmd+up", "space",
                      "cmd+,", "cmd+[", "shift+cmd+/", "cmd+return", "opt+cmd+delete", "cmd+tab", "cmd+-", "pagedown"]
        for input in inputs {
            let shortcut = try KeyShortcut(input)
            #expect(try KeyShortcut(shortcut.description) == shortcut, "symbols of \(input)")
            #expect(try KeyShortcut(shortcut.textNotation) == shortcut, "text of \(input)")
        }
        #expect(try KeyShortcut("shift+cmd+a").description == "⇧⌘A")
        #expect(try KeyShortcut("⇧⌘A").textNotation == "shift+cmd+a")
        #expect(try KeyShortcut("cmd++").textNotation == "cmd+plus")
        #expect(try KeyShortcut("cmd+opt+ctrl+shift+x").description == "⌃⌥⇧⌘X")
    }

    /// The Delete key's character (SwiftUI's `KeyEquivalent.delete`, U+0008) and Forward
    /// Delete's (U+007F) print as their keys, never as raw control characters.
    @Test func deleteCharactersPrintAsTheirKeys() throws {
        let backspace = KeyShortcut(input: .character("\u{8}"), modifiers: .command)
        #expect(backspace.description == "⌘⌫")
        #expect(backspace.textNotation == "cmd+backspace")
        // Read back, the word names the Delete key, which types U+0008.
        #expect(try KeyShortcut(backspace.textNotation) == KeyShortcut(input: .special(.delete), modifiers: .command))
        let forward = KeyShortcut(input: .character("\u{7F}"), modifiers: [])
        #expect(forward.description == "⌦")
        #expect(try KeyShortcut(forward.textNotation) == forward)
    }

    @Test func everySpecialInputRoundTripsInBothNotations() throws {
        for special in SpecialInput.allCases {
            let shortcut = KeyShortcut(input: .special(special), modifiers: .command)
            #expect(try KeyShortcut(shortcut.description) == shortcut)
            #expect(try KeyShortcut(shortcut.textNotation) == shortcut)
        }
    }

    @Test func errorsNameTheColumn() {
        #expect(throws: NotationError(text: "cmd+hyper+a", column: 5,
                                      reason: "unknown modifier 'hyper'; use ctrl, opt (alt), shift or cmd")) {
            try KeyShortcut("cmd+hyper+a")
        }
        #expect(throws: NotationError.self) { try KeyShortcut("") }
        #expect(throws: NotationError.self) { try KeyShortcut("cmd+nosuchkey") }
        #expect(throws: NotationError.self) { try KeyShortcut("⌘Nope") }
    }
}
