import CLITestSupport
import Foundation

/// Real HID report descriptors (facts from public sources) for the decoder's tests.
///
/// - Linux `tools/testing/selftests/hid/tests/test_keyboard.py` (PlainKeyboard: an NKRO bitmap
///   behind report ID 1; LEDKeyboard: the boot layout with LEDs; PrimaxKeyboard: a Usage Page
///   after the usages it applies to) and `test_ite_keyboard.py` (an ITE laptop keyboard,
///   06cb:2968: keyboard, consumer, wireless, vendor and system-control reports by ID).
/// - Packetry's `hid/packetry/*/descriptor.bin` in ``SharedData``: a keyboard's system and consumer
///   interface, the two interfaces of a KVM switch (boot keyboard; mouse and system control), a
///   mouse. Tests that use them need the shared data.
enum HIDDescriptorFixtures {
    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter(\.isHexDigit))
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    }

    /// PlainKeyboard: ID 1, modifier bits, then a 152-bit bitmap of usages 0x00–0x97.
    static let nkroBitmap = hex("""
        05 01 09 06 a1 01 85 01 05 07 19 e0 29 e7 15 00 25 01 75 01 95 08 81 02
        19 00 29 97 15 00 25 01 75 01 95 98 81 02 c0
        """)

    /// LEDKeyboard: the boot keyboard layout with five LED output bits.
    static let ledKeyboard = hex("""
        05 01 09 06 a1 01 05 07 19 e0 29 e7 15 00 25 01 75 01 95 08 81 02 95 01 75 08 81 01
        95 05 75 01 05 08 19 01 29 05 91 02 95 01 75 03 91 01
        95 06 75 08 15 00 26 a4 00 05 07 19 00 29 a4 81 00 c0
        """)

    /// PrimaxKeyboard: the array's Usage Page comes after its Usage Minimum and Maximum.
    static let primaxKeyboard = hex("""
        05 01 09 06 a1 01 05 07 19 e0 29 e7 15 00 25 01 75 01 95 08 81 02 75 08 95 01 81 01
        05 08 19 01 29 03 75 01 95 03 91 02 95 01 75 05 91 01
        15 00 26 ff 00 19 00 2a ff 00 05 07 75 08 95 06 81 00 c0
        """)

    /// ITEKeyboard (06cb:2968): feature 0x5a, keyboard 1, consumer 2 (16-bit array 0–572),
    /// wireless radio 3, vendor 4, system control 5 (bits for 0x81–0x83).
    static let iteKeyboard = hex("""
        06 85 ff 09 95 a1 01 85 5a 09 01 15 00 26 ff 00 75 08 95 10 b1 00 c0
        05 01 09 06 a1 01 85 01 75 01 95 08 05 07 19 e0 29 e7 15 00 25 01 81 02 95 01 75 08 81 03
        95 05 75 01 05 08 19 01 29 05 91 02 95 01 75 03 91 03
        95 06 75 08 15 00 26 ff 00 05 07 19 00 2a ff 00 81 00 c0
        05 0c 09 01 a1 01 85 02 19 00 2a 3c 02 15 00 26 3c 02 75 10 95 01 81 00 c0
        05 01 09 0c a1 01 85 03 15 00 25 01 09 c6 95 01 75 01 81 06 75 07 81 03 c0
        05 88 09 01 a1 01 85 04 19 00 2a ff ff 15 00 26 ff ff 75 08 95 02 81 02 c0
        05 01 09 80 a1 01 85 05 19 81 29 83 15 00 25 01 95 08 75 01 81 02 c0
        """)

    /// The LEDKeyboard layout written with Push and Pop around the LED output, constant padding
    /// for the reserved byte and output bits, and an extended (32-bit) usage range for the array.
    static let pushPopKeyboard = hex("""
        05 01 09 06 a1 01 05 07 19 e0 29 e7 15 00 25 01 75 01 95 08 81 02
        a4 95 05 05 08 19 01 29 05 91 02 95 01 75 03 91 03 b4
        81 03
        95 06 75 08 15 00 26 ff 00 1b 00 00 07 00 2b ff 00 07 00 81 00 c0
        """)

    /// A descriptor from Packetry, `hid/packetry/NAME/descriptor.bin` in ``SharedData``.
    static func packetry(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: SharedData.path("hid/packetry/\(name)/descriptor.bin"))))
    }
}
