import Testing
import KeyTraceCore
@testable import ResponderEngine

/// Responder-semantics §B: R5–R9.
@Suite struct MatchingConformanceTests {
    private func scene(with commands: [KeyCommand], layout: KeyboardLayout = .usANSI) throws -> Scene {
        let scene = try Scene()
        scene.app.keyboardLayout = layout
        scene.leaf.declaredKeyCommands = commands
        for command in commands { if let action = command.action { scene.leaf.implement(action) } }
        scene.leaf.becomeFirstResponder()
        return scene
    }

    @Test func R5_specialInputsNeedExactlyTheirModifiers() throws {
        let s = try scene(with: [KeyCommand(input: .special(.upArrow), modifierFlags: .command, action: "top:")])
        #expect(s.dispatcher.dispatch(down("cmd+up")).action == "top:")
        #expect(s.dispatcher.dispatch(down("cmd+up")).fidelity == 3)
        #expect(s.dispatcher.dispatch(down("shift+cmd+up")).outcome == .unhandled)
        #expect(s.dispatcher.dispatch(down("up")).outcome == .unhandled)
        #expect(s.dispatcher.dispatch(down("opt+cmd+up")).outcome == .unhandled)
    }

    @Test func R6_lettersIgnoreCaseButShiftIsAModifier() throws {
        let s = try scene(with: [KeyCommand(input: .character("A"), modifierFlags: .command, action: "selectEverything:")])
        let resolution = s.dispatcher.dispatch(down("cmd+a"))
        #expect(resolution.outcome == .performedCommand)
        #expect(resolution.action == "selectEverything:")
        #expect(s.dispatcher.dispatch(down("shift+cmd+a")).outcome == .unhandled)
    }

    @Test func R6_anInputDeclaredWithShiftMatchesTheKeyThatTypesItWithoutShift() throws {
        let s = try scene(with: [command("shift+cmd+]", "nextTab:"), command("shift+cmd+/", "slashHelp:"),
                                 command("opt+shift+cmd+[", "optionBracket:")])
        let next = s.dispatcher.dispatch(down("shift+cmd+]"))
        #expect(next.action == "nextTab:")
        #expect(next.fidelity == 3)
        #expect(s.dispatcher.dispatch(down("shift+cmd+/")).action == "slashHelp:")
        // Shift stays a modifier: without it, or with another key, nothing matches.
        #expect(s.dispatcher.dispatch(down("cmd+]")).outcome == .unhandled)
        #expect(s.dispatcher.dispatch(down("shift+cmd+[")).outcome == .unhandled)
        // ⌥ still changes the character (R8): ⌥⇧⌘[ types no "[" with Shift or without.
        #expect(s.dispatcher.dispatch(down("opt+shift+cmd+[")).outcome == .unhandled)
        // The trigger index agrees.
        let triggers = CommandMatcher.triggers(of: .character("]"), modifiers: [.shift, .command], layout: .usANSI)
        #expect(triggers == [.init(usage: .closeBracket, modifiers: [.shift, .command], fidelity: 3)])
    }

    @Test func R7_shiftImpliedCharactersFireOnTheirShiftedKey() throws {
        let s = try scene(with: [command("cmd+?", "help:"), command("cmd++", "zoomIn:")])
        let help = s.dispatcher.dispatch(down("shift+cmd+/"))
        #expect(help.action == "help:")
        #expect(help.fidelity == 3)
        let zoom = s.dispatcher.dispatch(down("shift+cmd+="))
        #expect(zoom.action == "zoomIn:")
        #expect(zoom.fidelity == 3)
        #expect(s.dispatcher.dispatch(down("cmd+/")).outcome == .unhandled)
        // The keypad + types "+" without shift: exact.
        #expect(s.dispatcher.dispatch(KeyPress(.began, .keypadPlus, modifiers: .command)).fidelity == 3)
    }

    @Test func R8_pairsPeriodEscapeAndOptionCharacters() throws {
        let s = try scene(with: [command("cmd++", "zoomIn:"), KeyCommand(input: .special(.escape), action: "cancel:"),
                                 command("opt+cmd+[", "optionBracket:")])
        let plain = s.dispatcher.dispatch(down("cmd+="))
        #expect(plain.action == "zoomIn:")
        #expect(plain.fidelity == 2)
        let period = s.dispatcher.dispatch(down("cmd+."))
        #expect(period.action == "cancel:")
        #expect(period.fidelity == 2)
        #expect(s.dispatcher.dispatch(down("esc")).fidelity == 3)
        // ⌥[ types “ on US: an input of "[" with ⌥ never matches.
        #expect(s.dispatcher.dispatch(down("opt+cmd+[")).outcome == .unhandled)
    }

    @Test func R9_theSceneLayoutDecidesWhatMatches() throws {
        // A layout where "?" sits unshifted on the slash key and "/" is shifted (as on some layouts).
        var keys: [HIDUsage: KeyboardLayout.KeyCaps] = [:]
        for usage in HIDUsage.allDefined {
            if let base = KeyboardLayout.usANSI.character(for: usage, modifiers: []) {
                keys[usage] = .init(base, shifted: KeyboardLayout.usANSI.character(for: usage, modifiers: .shift))
            }
        }
        keys[.slash] = .init("?", shifted: "/")
        let swapped = KeyboardLayout(identifier: "test-swapped", name: "Swapped", keys: keys)
        let s = try scene(with: [command("cmd+?", "help:"),
                                 KeyCommand(input: .character("☃"), modifierFlags: .command, action: "snow:")],
                          layout: swapped)
        let direct = KeyPress(.began, .slash, modifiers: .command, layout: swapped)
        #expect(s.dispatcher.dispatch(direct).action == "help:")
        let shifted = KeyPress(.began, .slash, modifiers: [.shift, .command], layout: swapped)
        #expect(s.dispatcher.dispatch(shifted).outcome == .unhandled)
        // An untypeable character never matches, on any key.
        for usage in HIDUsage.allDefined {
            #expect(CommandMatcher.fidelity(of: .character("☃"), modifiers: .command, usage: usage,
                                            eventModifiers: .command, layout: swapped) == 0)
        }
    }

    /// A press of the key at HID `usage` with `modifiers`, its characters from `layout`.
    private func key(_ usage: UInt16, _ modifiers: ModifierFlags, _ layout: KeyboardLayout) -> KeyPress {
        KeyPress(.began, HIDUsage(usage), modifiers: modifiers, layout: layout)
    }

    @Test func R9_commandZOnQWERTZFollowsTheLayout() throws {
        for layout in [KeyboardLayout.usANSI, .germanQWERTZ] {
            let s = try Scene()
            s.app.keyboardLayout = layout
            s.leaf.implement(.undo)
            s.leaf.implement(.redo)
            s.leaf.becomeFirstResponder()
            // The standard ⌘Z (R21) fires on the key that types "z" on the scene's layout.
            let zKey: UInt16 = layout == .usANSI ? 0x1D : 0x1C
            let yKey: UInt16 = layout == .usANSI ? 0x1C : 0x1D
            #expect(s.dispatcher.dispatch(key(zKey, .command, layout)).action == .undo, "\(layout.name)")
            #expect(s.dispatcher.dispatch(key(yKey, .command, layout)).outcome == .unhandled, "\(layout.name)")
            #expect(s.dispatcher.dispatch(key(zKey, [.shift, .command], layout)).action == .redo, "\(layout.name)")
        }
    }

    @Test func R9_shiftAndOptionImpliedInputsFollowEachLayout() throws {
        let commands = [command("cmd+?", "help:"), command("cmd+[", "back:"), command("cmd+1", "first:"),
                        command("cmd+@", "mention:"), command("cmd+a", "all:"), command("cmd+m", "minimize:"),
                        KeyCommand(input: .character("ü"), modifierFlags: .command, action: "umlaut:")]
        // German QWERTZ: ? is ⇧ß, [ is ⌥5, 1 is direct, @ is ⌥L, ü has its own key.
        let de = try scene(with: commands, layout: .germanQWERTZ)
        let german = KeyboardLayout.germanQWERTZ
        #expect(de.dispatcher.dispatch(key(0x2D, [.shift, .command], german)).action == "help:")
        #expect(de.dispatcher.dispatch(key(0x38, [.shift, .command], german)).outcome == .unhandled)  // ⇧- is _
        #expect(de.dispatcher.dispatch(key(0x22, [.alternate, .command], german)).action == "back:")
        #expect(de.dispatcher.dispatch(key(0x2F, .command, german)).action == "umlaut:")  // where US has [
        #expect(de.dispatcher.dispatch(key(0x1E, .command, german)).action == "first:")
        #expect(de.dispatcher.dispatch(key(0x0F, [.alternate, .command], german)).action == "mention:")
        #expect(de.dispatcher.dispatch(key(0x1F, [.shift, .command], german)).outcome == .unhandled)  // ⇧2 is "
        // French AZERTY: the digits are shifted, A and M move, [ is ⇧⌥(, @ is direct.
        let fr = try scene(with: commands, layout: .frenchAZERTY)
        let french = KeyboardLayout.frenchAZERTY
        #expect(fr.dispatcher.dispatch(key(0x1E, [.shift, .command], french)).action == "first:")
        #expect(fr.dispatcher.dispatch(key(0x1E, .command, french)).outcome == .unhandled)  // & without ⇧
        #expect(fr.dispatcher.dispatch(key(0x14, .command, french)).action == "all:")
        #expect(fr.dispatcher.dispatch(key(0x04, .command, french)).outcome == .unhandled)  // types q
        #expect(fr.dispatcher.dispatch(key(0x33, .command, french)).action == "minimize:")
        #expect(fr.dispatcher.dispatch(key(0x22, [.shift, .alternate, .command], french)).action == "back:")
        #expect(fr.dispatcher.dispatch(key(0x35, .command, french)).action == "mention:")
        #expect(fr.dispatcher.dispatch(key(0x10, [.shift, .command], french)).action == "help:")
        // "Cannot be typed" is per layout: ü on US and French, £ on US and German, never match.
        for (layout, character) in [(KeyboardLayout.usANSI, "ü"), (.frenchAZERTY, "ü"), (.usANSI, "£"), (.germanQWERTZ, "£")] {
            #expect(layout.keystrokes(typing: Character(character)).isEmpty)
            for usage in HIDUsage.allDefined {
                for modifiers in [ModifierFlags.command, [.shift, .command], [.alternate, .command], [.shift, .alternate, .command]] {
                    #expect(CommandMatcher.fidelity(of: .character(character), modifiers: .command, usage: usage,
                                                    eventModifiers: modifiers, layout: layout) == 0)
                }
            }
        }
        #expect(KeyboardLayout.frenchAZERTY.keystrokes(typing: Character("£")).first == .init(usage: HIDUsage(0x31), modifiers: .shift))
    }

    @Test func R9_indexedTriggersAgreeWithDirectMatchingOnEveryLayout() throws {
        let inputs: [KeyInput] = ["a", "z", "y", "m", "q", "?", "[", "1", "&", "@", "ü", "+", "=", "-"].map { .character($0) }
        let modifierSets: [ModifierFlags] = (0..<16).map { ModifierFlags(rawValue: UInt32($0) << 17) }
        for layout in [KeyboardLayout.germanQWERTZ, .frenchAZERTY] {
            for input in inputs {
                for commandModifiers in [ModifierFlags.command, [.shift, .command], []] {
                    var indexed: [HIDUsage: [ModifierFlags: UInt8]] = [:]
                    for trigger in CommandMatcher.triggers(of: input, modifiers: commandModifiers, layout: layout) {
                        indexed[trigger.usage, default: [:]][trigger.modifiers] =
                            max(indexed[trigger.usage]?[trigger.modifiers] ?? 0, trigger.fidelity)
                    }
                    for usage in HIDUsage.allDefined {
                        for eventModifiers in modifierSets {
                            let direct = CommandMatcher.fidelity(of: input, modifiers: commandModifiers, usage: usage,
                                                                 eventModifiers: eventModifiers, layout: layout)
                            #expect(direct == (indexed[usage]?[eventModifiers] ?? 0),
                                    "\(layout.identifier) \(input) \(commandModifiers) on \(eventModifiers)\(usage.name)")
                        }
                    }
                }
            }
        }
    }

    @Test func indexedTriggersAgreeWithDirectMatchingOnEveryKey() throws {
        let inputs: [KeyInput] = ["a", "A", "?", "+", "=", "[", "]", "1", "!", " ", "\r", "\t", "-", "_", ",", "☃", "ab"]
            .map { .character($0) } + SpecialInput.allCases.map { .special($0) }
        let modifierSets: [ModifierFlags] = (0..<16).map { ModifierFlags(rawValue: UInt32($0) << 17) }
        for input in inputs {
            for commandModifiers in modifierSets {
                var indexedFidelity: [HIDUsage: [ModifierFlags: UInt8]] = [:]
                for trigger in CommandMatcher.triggers(of: input, modifiers: commandModifiers, layout: .usANSI) {
                    indexedFidelity[trigger.usage, default: [:]][trigger.modifiers] =
                        max(indexedFidelity[trigger.usage]?[trigger.modifiers] ?? 0, trigger.fidelity)
                }
                for usage in HIDUsage.allDefined {
                    for eventModifiers in modifierSets {
                        let direct = CommandMatcher.fidelity(of: input, modifiers: commandModifiers, usage: usage,
                                                             eventModifiers: eventModifiers, layout: .usANSI)
                        let indexed = indexedFidelity[usage]?[eventModifiers] ?? 0
                        #expect(direct == indexed, "\(input) \(commandModifiers) on \(eventModifiers)\(usage.name)")
                    }
                }
            }
        }
    }
}
