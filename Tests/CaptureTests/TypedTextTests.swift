import CLITestSupport
import Testing
import KeyTraceCore
@testable import Capture

@Suite(.needsSharedData) struct RealCaptureTypedTextTests {
    func typed(_ name: String, _ rendering: TypedText.Rendering = .keys) throws -> String {
        TypedText(try USBCaptureSource(file: Captures.path(name)).collect().presses, rendering: rendering).text
    }

    @Test func sha2017TypesWhatItsReadmeSays() throws {
        let text = try typed("sha2017.pcap")
        #expect(text.hasPrefix("root⏎Welcome123⏎ls -la⏎curl -ks "))
        #expect(try typed("sha2017_usb_linux.pcap") == text)
    }

    @Test func deadlyArthropodTypesWhatItsReadmeSays() throws {
        let text = try typed("deadly_arthropod.pcap")
        #expect(text.hasPrefix("eks@hackthebox.eu⏎Th1sC0uldB3MyR3alP@ssw0rd⏎"))
        // After the password the user types with arrow-key editing; the edited rendering applies it.
        let lines = try typed("deadly_arthropod.pcap", .edited).split(separator: "\n")
        #expect(lines.prefix(2) == ["eks@hackthebox.eu", "Th1sC0uldB3MyR3alP@ssw0rd"])
        #expect(lines.count == 3)
    }
}

@Suite struct TypedTextTests {
    @Test func theDemoCaptureTypesItsScript() throws {
        let presses = try USBCaptureSource(file: Captures.path(Captures.demo)).collect().presses
        let text = TypedText(presses, rendering: .edited).text
        #expect(text.hasPrefix("Meeting notes\n- ship the keyboard shortcuts release\n- write the golden traces\n"), "\(text)")
    }
}

@Suite struct TypedTextRenderingTests {
    @Test func editedRenderingAppliesBackspaceAndCursorKeys() {
        let usages: [HIDUsage] = [.a, HIDUsage(0x05), .deleteOrBackspace, HIDUsage(0x06), .leftArrow, HIDUsage(0x07),
                                  .returnOrEnter, .z]
        let presses = usages.flatMap { [KeyPress(.began, $0), KeyPress(.ended, $0)] }
        #expect(TypedText(presses, rendering: .edited).text == "adc\nz")
        #expect(TypedText(presses, rendering: .keys).text == "ab⌫c←d⏎z")
        let copy = [KeyPress(.began, .leftGUI, modifiers: .command), KeyPress(.began, HIDUsage(0x06), modifiers: .command)]
        #expect(TypedText(copy).text == "⟨⌘C⟩")
    }
}
