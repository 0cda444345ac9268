import Testing
import KeyTraceCore
import TraceFormat
import KeyTraceSupport

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

@Suite struct RepeatedResolutionTests {
    /// A few resolutions repeated in random order, so each chunk numbers their strings differently.
    static func repeatedResolutions(count: Int, seed: UInt64) -> [TraceRecord] {
        var rng = SeededGenerator(seed: seed)
        let shortcuts: [KeyShortcut?] = [nil, KeyShortcut(input: .character("d"), modifiers: .command),
                                         KeyShortcut(input: .character("f"), modifiers: [.command, .shift])]
        let paths: [String?] = [nil, "window/viewer", "window/viewer/page", "window/search"]
        let actions: [Action?] = [nil, Action("addBookmark:"), Action("find:")]
        return (0..<count).map { i in
            let pick = { (n: Int) in Int(rng.next() % UInt64(n)) }
            return .resolution(ResolutionRecord(
                timestamp: UInt64(1_000 + i), pressSequence: UInt64(i), outcome: pick(2) == 0 ? .performedCommand : .unhandled,
                command: shortcuts[pick(3)], title: pick(2) == 0 ? nil : "Title \(pick(3))", action: actions[pick(3)],
                isUpAction: pick(4) == 0, providerPath: paths[pick(4)], targetPath: paths[pick(4)],
                blockingAction: actions[pick(3)]))
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func resolutionsReadThroughTheCursorEqualTheirRecordsInEveryChunk(seed: UInt64) throws {
        let records = Self.repeatedResolutions(count: 3_000, seed: seed)
        let writer = TraceWriter(metadata: TypingFixture.metadata, options: .init(chunkSize: 700))
        for record in records { try writer.append(record) }
        let reader = try TraceReader(bytes: writer.finish())
        #expect(reader.chunks.count > 10)
        var cursor = reader.cursor()
        var read: [TraceRecord] = []
        while cursor.next() {
            guard let resolution = cursor.resolution else { continue }
            read.append(.resolution(resolution))
        }
        // Counted, not printed: a failure here would otherwise print 3 000 records.
        #expect(read.count == records.count)
        #expect(zip(read, records).filter { $0 != $1 }.count == 0)
        #expect(zip(Array(reader), records).filter { $0 != $1 }.count == 0)
    }

    @Test(arguments: [1, 2] as [UInt64])
    func referencesToTheSameDefinitionNameEqualResolutions(seed: UInt64) throws {
        // Six resolutions, each repeated about 500 times in random order.
        let kinds = Self.repeatedResolutions(count: 6, seed: seed)
        var rng = SeededGenerator(seed: seed)
        let records: [TraceRecord] = (0..<3_000).map { i in
            guard case .resolution(var record) = kinds[Int(rng.next() % 6)] else { return kinds[0] }
            record.timestamp = UInt64(1_000 + i)
            record.pressSequence = UInt64(i)
            return .resolution(record)
        }
        let writer = TraceWriter(metadata: TypingFixture.metadata, options: .init(chunkSize: 700))
        for record in records { try writer.append(record) }
        var cursor = try TraceReader(bytes: writer.finish()).cursor()
        var byReference: [ResolutionReference: ResolutionRecord] = [:]
        var referenced = 0
        var disagreeing = 0
        var chunks: Set<Int> = []
        while cursor.next() {
            guard let reference = cursor.resolutionReference else { continue }
            guard let resolution = cursor.resolution else {
                Issue.record("a referenced resolution does not decode")
                continue
            }
            referenced += 1
            chunks.insert(reference.chunk)
            #expect(reference.pressSequence == resolution.pressSequence)
            var key = reference
            key.pressSequence = 0
            if let first = byReference[key] {
                if first.outcome != resolution.outcome || first.isUpAction != resolution.isUpAction
                    || !first.hasSameDetails(as: resolution) { disagreeing += 1 }
            } else {
                byReference[key] = resolution
            }
        }
        #expect(referenced == records.count)  // the writer names every repeated resolution by definition
        #expect(chunks.count > 10)
        #expect(byReference.count <= 6 * chunks.count)  // one definition per resolution and chunk
        #expect(disagreeing == 0)
    }

    @Test func changingOneRecordReadLikeAnotherLeavesTheOtherAsItWas() throws {
        let repeated = ResolutionRecord(timestamp: 1, pressSequence: 0, outcome: .performedCommand,
                                        action: Action("find:"), providerPath: "window/search")
        let writer = TraceWriter(metadata: TypingFixture.metadata)
        for i in 0..<3 {
            var record = repeated
            record.timestamp += UInt64(i)
            record.pressSequence = UInt64(i)
            try writer.append(.resolution(record))
        }
        var cursor = try TraceReader(bytes: writer.finish()).cursor()
        var read: [ResolutionRecord] = []
        while cursor.next() { if let resolution = cursor.resolution { read.append(resolution) } }
        try #require(read.count == 3)
        read[1].providerPath = "window/other"
        read[1].action = nil
        #expect(read[0].providerPath == "window/search" && read[2].providerPath == "window/search")
        #expect(read[0].action == Action("find:") && read[2].action == Action("find:"))
        #expect(read[1].providerPath == "window/other" && read[1].action == nil)
    }
}
