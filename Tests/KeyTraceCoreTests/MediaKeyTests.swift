import Testing
@testable import KeyTraceCore

@Suite struct MediaKeyTests {
    @Test(arguments: [
        ("volume-up", 0x0C, 0xE9), ("Volume Increment", 0x0C, 0xE9), ("volume-down", 0x0C, 0xEA), ("mute", 0x0C, 0xE2),
        ("play-pause", 0x0C, 0xCD), ("Play/Pause", 0x0C, 0xCD), ("next-track", 0x0C, 0xB5), ("previous-track", 0x0C, 0xB6),
        ("brightness-up", 0x0C, 0x6F), ("brightness-down", 0x0C, 0x70), ("ac-home", 0x0C, 0x223),
        ("power", 0x01, 0x81), ("sleep", 0x01, 0x82), ("wake", 0x01, 0x83), ("system-wake-up", 0x01, 0x83),
        ("consumer-0x0223", 0x0C, 0x223), ("CONSUMER-0x30", 0x0C, 0x30), ("system-0xa8", 0x01, 0xA8),
    ])
    func namesAndNumbersRead(text: String, page: Int, usage: Int) {
        let key = MediaKey(notation: text)
        #expect(key?.page == HIDUsagePage(UInt16(page)) && key?.usage == UInt16(usage))
    }

    @Test(arguments: ["a", "esc", "volume", "system-0x80", "system-0x10000", "consumer-0x", "consumer-0xzz", ""])
    func otherWordsAreNoMediaKey(text: String) {
        #expect(MediaKey(notation: text) == nil)
    }

    /// Every name `dump` prints for a consumer or system key reads back as that key.
    @Test func everyPrintedNameRoundTrips() {
        let keys = HIDUsagePage.consumerNames.keys.map { (HIDUsagePage.consumer, $0) }
            + HIDUsagePage.systemControlNames.keys.map { (HIDUsagePage.genericDesktop, $0) }
            + [(HIDUsagePage.consumer, UInt16(0x0301)), (HIDUsagePage.genericDesktop, UInt16(0xB7))]
        for (page, usage) in keys {
            let key = MediaKey(page: page, usage: usage)
            #expect(key.flatMap { MediaKey(notation: $0.notation) } == key, "\(page) \(usage)")
        }
        #expect(MediaKey.volumeUp.notation == "volume-increment")
        #expect(MediaKey(page: .consumer, usage: 0x30)?.notation == "consumer-0x0030")  // `power` is the system key
        #expect(MediaKey(page: .keyboard, usage: 0x04) == nil && MediaKey(page: .genericDesktop, usage: 0x30) == nil)
    }

    @Test func chordsTakeModifiersInEitherNotation() {
        #expect(MediaKey.chord("shift+volume-up")?.key == .volumeUp)
        #expect(MediaKey.chord("shift+volume-up")?.modifiers == .shift)
        #expect(MediaKey.chord("⌥⇧mute")?.modifiers == [.alternate, .shift])
        #expect(MediaKey.chord("hyper+mute") == nil)
        #expect(MediaKey.chord("cmd+a") == nil)
    }
}
