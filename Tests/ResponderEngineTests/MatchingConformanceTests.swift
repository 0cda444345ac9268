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
