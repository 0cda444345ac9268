import Testing
import KeyTraceCore
import TraceFormat

@Suite struct ResolutionRecordTests {
    static let base = ResolutionRecord(timestamp: 5, pressSequence: 2, outcome: .performedCommand,
                                       command: KeyShortcut(input: .character("d"), modifiers: .command),
                                       title: "Bookmark", action: Action("addBookmark:"),
                                       providerPath: "window/viewer", targetPath: "window/viewer/page")

    @Test func aCopyChangedLeavesTheOriginalAsItWas() {
        var copy = Self.base
        #expect(copy == Self.base)
        copy.targetPath = "window/other"
        copy.action = nil
        #expect(Self.base.targetPath == "window/viewer/page" && Self.base.action == Action("addBookmark:"))
        #expect(copy.targetPath == "window/other" && copy.action == nil)
        #expect(copy != Self.base)
        copy.targetPath = "window/viewer/page"
        copy.action = Action("addBookmark:")
        #expect(copy == Self.base && copy.hashValue == Self.base.hashValue)
    }

    @Test func recordsWithEqualFieldsAreEqualWhateverTheirStorage() {
        let twin = ResolutionRecord(timestamp: 5, pressSequence: 2, outcome: .performedCommand,
                                    command: KeyShortcut(input: .character("d"), modifiers: .command),
                                    title: "Bookmark", action: Action("addBookmark:"),
                                    providerPath: "window/viewer", targetPath: "window/viewer/page")
        #expect(twin == Self.base && twin.hashValue == Self.base.hashValue)
        var other = twin
        other.title = "Add Bookmark"
        #expect(other != Self.base)
        other = twin
        other.isUpAction = true
        #expect(other != Self.base)
    }
}

@Suite struct StringReferenceTests {
    @Test func stringsMetAgainByValueOrByBytesReadBackExactly() throws {
        let shared = "window/viewer/reader/document/page"
        var records: [TraceRecord] = []
        for i in 0..<500 {
            // The same storage, a fresh copy of the same bytes, and different bytes, interleaved.
            let provider = i % 3 == 0 ? shared : i % 3 == 1 ? String(decoding: Array(shared.utf8), as: UTF8.self) : "\(shared)/\(i % 7)"
            records.append(.resolution(ResolutionRecord(timestamp: UInt64(1_000 + i), pressSequence: UInt64(i),
                                                        outcome: .performedCommand, action: Action("act\(i % 5):"),
                                                        providerPath: provider, targetPath: i % 2 == 0 ? shared : nil)))
        }
        let writer = TraceWriter(metadata: TypingFixture.metadata, options: .init(chunkSize: 600))
        for record in records { try writer.append(record) }
        let reader = try TraceReader(bytes: writer.finish())
        #expect(reader.chunks.count > 3)
        #expect(Array(reader) == records)
    }
}
