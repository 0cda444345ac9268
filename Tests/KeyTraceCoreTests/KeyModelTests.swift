import Testing
@testable import KeyTraceCore

@Suite struct KeyModelTests {
    @Test func modifierFlagsUseUIKitRawValues() {
        #expect(ModifierFlags.alphaShift.rawValue == 0x1_0000)
        #expect(ModifierFlags.shift.rawValue == 0x2_0000)
        #expect(ModifierFlags.control.rawValue == 0x4_0000)
        #expect(ModifierFlags.alternate.rawValue == 0x8_0000)
        #expect(ModifierFlags.command.rawValue == 0x10_0000)
        #expect(ModifierFlags.numericPad.rawValue == 0x20_0000)
        #expect(ModifierFlags([.command, .alphaShift, .numericPad]).matchingSubset == .command)
    }

    @Test func sidesFollowTheBootReportModifierByte() {
        let sides = ModifierSides(rawValue: 0b0010_0001)  // LeftControl, RightShift
        #expect(sides.flags == [.control, .shift])
        #expect(sides.usages == [.leftControl, .rightShift])
        #expect(ModifierSides(modifierKey: .rightGUI) == .rightCommand)
        #expect(ModifierSides(modifierKey: .a) == nil)
    }

    @Test func everyUsageOfThePageHasAName() {
        #expect(HIDUsage.allDefined.count == 0xE8)
        #expect(HIDUsage.names.count == 0xE8)
        #expect(HIDUsage(0x04).name == "A")
        #expect(HIDUsage(0x28).name == "Return")
        #expect(HIDUsage(0x3E).name == "F5")
        #expect(HIDUsage(0x68).name == "F13")
        #expect(HIDUsage(0xDD).name == "Keypad Hexadecimal")
        #expect(HIDUsage(0xE7).name == "Right Command")
        #expect(HIDUsage(0xA7).name == "0xA7")
        #expect(HIDUsage(0x1234).name == "0x1234")
    }

    @Test func keypadKeysSetNumericPad() {
        for raw in [0x53, 0x57, 0x63, 0x67, 0x85] {
            #expect(KeyPress(.began, HIDUsage(UInt16(raw))).modifierFlags.contains(.numericPad))
        }
        #expect(!KeyPress(.began, .a).modifierFlags.contains(.numericPad))
    }

    @Test func usLayoutTypesShiftedAndOptionCharacters() {
        let us = KeyboardLayout.usANSI
        #expect(us.character(for: .a, modifiers: []) == "a")
        #expect(us.character(for: .a, modifiers: .shift) == "A")
        #expect(us.character(for: .a, modifiers: .alphaShift) == "A")
        #expect(us.character(for: .a, modifiers: [.alphaShift, .shift]) == "a")
        #expect(us.character(for: .slash, modifiers: .shift) == "?")
        #expect(us.character(for: .equalSign, modifiers: .shift) == "+")
        #expect(us.character(for: .openBracket, modifiers: .alternate) == "\u{201C}")
        #expect(us.character(for: .a, modifiers: [.alternate, .command]) == "a")
        #expect(us.character(for: .leftArrow, modifiers: []) == nil)
        #expect(us.keystrokes(typing: "+" as Unicode.Scalar).map(\.description) == ["Keypad +", "⇧="])
        #expect(us.keystrokes(typing: "\u{2603}" as Unicode.Scalar).isEmpty)
    }

    @Test func everyKeyIsFoundByTheScalarItTypesOnEachLayer() {
        // ASCII scalars and the others are kept in different tables; both must answer alike.
        let layers: [ModifierFlags] = [[], .shift, .alternate, [.shift, .alternate]]
        for (identifier, layout) in KeyboardLayout.known {
            for modifiers in layers {
                for raw in 0...Int(HIDUsage.lastDefined.rawValue) {
                    let usage = HIDUsage(UInt16(raw))
                    let value = layout.foldedScalarValue(for: usage, modifiers: modifiers)
                    #expect(layout.usages(typingFolded: value, with: modifiers).contains(usage), "\(identifier) \(usage) \(modifiers)")
                    if value != 0 && !usage.isKeypad {
                        #expect(layout.typesDirectly(value, with: modifiers), "\(identifier) \(usage) \(modifiers)")
                    }
                }
            }
        }
        let german = KeyboardLayout.germanQWERTZ
        #expect(german.usages(typingFolded: 0xFC, with: []) == [HIDUsage(0x2F)])  // ü has its own key
        #expect(german.typesDirectly(0xFC, with: []))
        #expect(!KeyboardLayout.usANSI.typesDirectly(0xFC, with: []))
        #expect(KeyboardLayout.usANSI.usages(typingFolded: 0xFC, with: []).isEmpty)
    }

    @Test func everyKnownLayoutIsFoundByItsIdentifier() {
        for (identifier, layout) in KeyboardLayout.known {
            #expect(KeyboardLayout.named(identifier) == layout, "\(identifier)")
        }
        #expect(KeyboardLayout.named("dvorak") == nil)
    }

    @Test func pressesTakeTheirCharactersFromTheLayout() {
        let press = KeyPress(.began, .digit1, modifiers: [.shift, .command])
        #expect(press.characters == "!")
        #expect(press.charactersIgnoringModifiers == "!")
        #expect(press.modifierSides == [.leftShift, .leftCommand])
        #expect(press.shortcutDescription == "⇧⌘!")
        #expect(KeyPress(.began, .upArrow, modifiers: .command).shortcutDescription == "⌘↑")
    }

    @Test func usbDevicesPrintAsBusDeviceEndpoint() {
        let device = DeviceID.usb(bus: 4, device: 5, endpoint: 0x81)
        #expect(device.description == "4.5.129")
        #expect(DeviceID(rawValue: device.rawValue) == device)
        #expect(DeviceID(kind: .evdev, 3).description == "evdev.3")
    }

    @Test func commandIdentityIgnoresActionAndTitleButNotCase() throws {
        let a = KeyCommand(title: "One", input: .character("a"), modifierFlags: .command, action: "one:")
        let b = KeyCommand(title: "Two", input: .character("a"), modifierFlags: .command, action: "two:")
        let upper = KeyCommand(input: .character("A"), modifierFlags: .command, action: "one:")
        #expect(a.identity == b.identity)
        #expect(a.identity != upper.identity)
    }

    @Test func copiesShareAnInstanceIdentifierUntilOneChanges() {
        let command = KeyCommand(title: "One", input: .character("a"), modifierFlags: .command, action: "one:")
        var copy = command
        #expect(copy.instanceIdentifier == command.instanceIdentifier)
        let twin = KeyCommand(title: "One", input: .character("a"), modifierFlags: .command, action: "one:")
        #expect(twin == command && twin.instanceIdentifier != command.instanceIdentifier)
        copy.title = "Changed"
        #expect(copy.instanceIdentifier != command.instanceIdentifier && command.title == "One")
    }

    @Test func alternatesExpandRightAfterTheirBase() {
        let base = KeyCommand(title: "Close Tab", input: .character("w"), modifierFlags: .command, action: "closeTab:",
                              alternates: [.init(title: "Close All Tabs", action: "closeAllTabs:", modifierFlags: .alternate)])
        let expanded = base.expandedWithAlternates
        #expect(expanded.map(\.action) == ["closeTab:", "closeAllTabs:"])
        #expect(expanded[1].modifierFlags == [.command, .alternate])
        #expect(expanded[1].displayTitle == "Close All Tabs")
    }
}
