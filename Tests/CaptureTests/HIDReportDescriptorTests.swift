import Foundation
import Testing
import KeyTraceCore
@testable import Capture
import KeyTraceSupport

@Suite struct HIDReportDescriptorTests {
    typealias Fixtures = HIDDescriptorFixtures

    private func decode(_ descriptor: [UInt8], _ reports: [[UInt8]]) throws -> (HIDReportDecoder, [HIDReportDecoder.Outcome]) {
        var decoder = HIDReportDecoder(descriptor: try HIDReportDescriptor(parsing: descriptor))
        let outcomes = reports.map { report in report.withUnsafeBytes { decoder.decode($0) } }
        return (decoder, outcomes)
    }

    private func inputLength(_ descriptor: HIDReportDescriptor, id: UInt8) -> Int? {
        descriptor.inputReport(id: id)?.byteLength
    }

    // MARK: Layouts (checked against Packetry's reference.txt for each descriptor)

    @Test(.needsSharedData) func packetryKeyboardHasSystemAndConsumerArraysByReportID() throws {
        let descriptor = try HIDReportDescriptor(parsing: Fixtures.packetry("keyboard-1"))
        #expect(descriptor.usesReportIDs)
        #expect(descriptor.reports.map(\.id) == [3, 4])
        #expect(inputLength(descriptor, id: 3) == 3)
        #expect(inputLength(descriptor, id: 4) == 3)
        let consumer = try #require(descriptor.fields.first { $0.reportID == 4 })
        #expect(!consumer.isVariable && consumer.bitOffset == 0 && consumer.bitSize == 16 && consumer.count == 1)
        #expect(consumer.usages[0] == 0x000C_0001 && consumer.usages.count == 0x2A0)
        #expect(descriptor.applications == [0x0001_0080, 0x000C_0001])
    }

    @Test(.needsSharedData) func packetryKVMKeyboardIsTheBootLayoutWithLEDOutput() throws {
        let descriptor = try HIDReportDescriptor(parsing: Fixtures.packetry("kvm-0"))
        #expect(!descriptor.usesReportIDs)
        #expect(inputLength(descriptor, id: 0) == 8)
        #expect(descriptor.reports.first { $0.kind == .output }?.byteLength == 1)
        #expect(descriptor.reports.first { $0.kind == .feature }?.byteLength == 8)
        let inputs = descriptor.fields.filter { $0.kind == .input }
        #expect(inputs.map(\.bitOffset) == [0, 8, 16])
        #expect(inputs[1].isConstant)
    }

    @Test(.needsSharedData) func packetryMouseFieldsStraddleBytes() throws {
        let descriptor = try HIDReportDescriptor(parsing: Fixtures.packetry("mouse"))
        #expect(inputLength(descriptor, id: 1) == 7)
        let xy = try #require(descriptor.fields.first { $0.bitSize == 12 })
        // reference.txt: X byte 2 bit 0 – byte 3 bit 3, Y byte 3 bit 4 – byte 4 bit 7 (after the ID).
        #expect(xy.bitOffset == 8 && xy.count == 2 && xy.logicalMinimum == -2047 && xy.logicalMaximum == 2047)
        #expect(!descriptor.hasKeys)
        let report: [UInt8] = [0x01, 0x00, 0xFF, 0x07, 0x80, 0, 0]
        report.withUnsafeBytes { bytes in
            let payload = UnsafeRawBufferPointer(rebasing: bytes[1...])
            #expect(HIDReportDecoder.bits(payload, at: 8, size: 12, signed: true) == 2047)
            #expect(HIDReportDecoder.bits(payload, at: 20, size: 12, signed: true) == -2048)
        }
    }

    @Test(.needsSharedData) func kvmSecondInterfaceHasAMouseAndSystemControls() throws {
        let descriptor = try HIDReportDescriptor(parsing: Fixtures.packetry("kvm-1"))
        #expect(inputLength(descriptor, id: 1) == 5)
        #expect(inputLength(descriptor, id: 2) == 2)
        #expect(descriptor.hasKeys)
        let (_, outcomes) = try decode(Fixtures.packetry("kvm-1"), [[0x01, 0x01, 0x05, 0xFB, 0x00], [0x02, 0x02], [0x02, 0x00]])
        #expect(outcomes[0] == .decoded(reportID: 1, changes: [], errorCode: nil))
        #expect(outcomes[1] == .decoded(reportID: 2, changes: [.init(phase: .began, key: .init(page: 1, usage: 0x82))], errorCode: nil))
        #expect(outcomes[2] == .decoded(reportID: 2, changes: [.init(phase: .ended, key: .init(page: 1, usage: 0x82))], errorCode: nil))
    }

    @Test func aUsagePageAfterTheUsagesAppliesToThem() throws {
        let descriptor = try HIDReportDescriptor(parsing: Fixtures.primaxKeyboard)
        let array = try #require(descriptor.fields.last { $0.kind == .input })
        #expect(array.usages[4] == 0x0007_0004)
    }

    @Test func pushPopAndPaddingGiveTheBootLayout() throws {
        let pushed = try HIDReportDescriptor(parsing: Fixtures.pushPopKeyboard)
        let plain = try HIDReportDescriptor(parsing: Fixtures.ledKeyboard)
        #expect(pushed.reports == plain.reports)
        #expect(pushed.fields.filter { $0.kind == .input }.map(\.bitOffset) == [0, 8, 16])
        #expect(pushed.fields.filter { $0.kind == .input }.map(\.isConstant) == [false, true, false])
        let (decoder, _) = try decode(Fixtures.pushPopKeyboard, [[0x02, 0, 0x04, 0x05, 0, 0, 0, 0]])
        #expect(decoder.held(reportID: 0).map(\.usage) == [0xE1, 0x04, 0x05])
    }

    @Test func extendedUsagesCarryTheirOwnPage() throws {
        // Usage Page (Generic Desktop), then a 4-byte Usage (Consumer Volume Increment).
        let bytes = Fixtures.hex("05 01 09 80 a1 01 0b e9 00 0c 00 15 00 25 01 75 01 95 01 81 02 75 07 81 03 c0")
        let (decoder, _) = try decode(bytes, [[0x01]])
        #expect(decoder.held(reportID: 0) == [.init(page: 0x0C, usage: 0xE9)])
    }

    // MARK: Decoding

    @Test func nkroBitmapHoldsMoreThanSixKeys() throws {
        var report = [UInt8](repeating: 0, count: 21)
        report[0] = 1
        report[1] = 0x02  // Left Shift
        let keys: [Int] = [0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D]
        for key in keys { report[2 + key / 8] |= 1 << (key % 8) }
        let (decoder, outcomes) = try decode(Fixtures.nkroBitmap, [report, [1] + [UInt8](repeating: 0, count: 20)])
        guard case .decoded(_, let pressed, nil) = outcomes[0], case .decoded(_, let released, nil) = outcomes[1] else {
            Issue.record("not decoded: \(outcomes)")
            return
        }
        #expect(pressed.map(\.key.usage) == [0xE1] + keys.map(UInt16.init))
        #expect(pressed.allSatisfy { $0.phase == .began })
        #expect(released.map(\.key.usage) == keys.map(UInt16.init) + [0xE1])
        #expect(decoder.heldCount == 0)
    }

    @Test func errorRollOverKeepsKeysAndAppliesModifiers() throws {
        let (decoder, outcomes) = try decode(Fixtures.ledKeyboard, [
            [0, 0, 0x04, 0x05, 0, 0, 0, 0], [0x01, 0, 1, 1, 1, 1, 1, 1],
        ])
        #expect(outcomes[1] == .decoded(reportID: 0, changes: [.init(phase: .began, key: .init(page: 7, usage: 0xE0))],
                                        errorCode: 1))
        #expect(decoder.held(reportID: 0).map(\.usage) == [0x04, 0x05, 0xE0])
    }

    @Test func reportsWithUnknownIDsAndEmptyReportsChangeNothing() throws {
        let (decoder, outcomes) = try decode(Fixtures.iteKeyboard, [[0x09, 1, 2], [], [0x01]])
        #expect(outcomes == [.unknownReportID(9), .empty, .decoded(reportID: 1, changes: [], errorCode: nil)])
        #expect(decoder.heldCount == 0)
    }

    // MARK: Bad descriptors

    @Test(arguments: [
        ("", HIDDescriptorError.Code.empty),
        ("05", .truncatedItem),
        ("fe 05 00 01", .truncatedItem),
        ("b4", .popWithoutPush),
        (String(repeating: "a4 ", count: 17), .pushTooDeep),
        (String(repeating: "a1 00 ", count: 65), .collectionsTooDeep),
        ("c0", .unbalancedEndCollection),
        ("85 00", .invalidReportID),
        ("76 01 01", .reportSizeTooLarge),
        ("96 01 40", .reportCountTooLarge),
        ("75 ff 96 00 30 81 02 81 02 81 02 81 02 81 02", .reportTooLong),
    ])
    func malformedDescriptorsAreRejectedWithTheirReason(hex: String, code: HIDDescriptorError.Code) {
        #expect {
            _ = try HIDReportDescriptor(parsing: Fixtures.hex(hex))
        } throws: { error in
            (error as? HIDDescriptorError)?.code == code && "\(error)".contains("item at byte")
        }
    }

    @Test func longItemsAreSkipped() throws {
        let bytes = Fixtures.hex("fe 02 10 aa bb") + Fixtures.ledKeyboard
        #expect(try HIDReportDescriptor(parsing: bytes).reports == HIDReportDescriptor(parsing: Fixtures.ledKeyboard).reports)
    }

    @Test func anyBytesParseOrThrowAndDecodeWithoutTrapping() throws {
        var generator = SeededGenerator(seed: 27)
        let seeds = [Fixtures.nkroBitmap, Fixtures.iteKeyboard, Fixtures.pushPopKeyboard]
            + (try Captures.whenShared(["mouse"]).map(Fixtures.packetry))
        var parsed = 0
        for round in 0..<3000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + round % 8) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            guard let descriptor = try? HIDReportDescriptor(parsing: bytes) else { continue }
            parsed += 1
            var decoder = HIDReportDecoder(descriptor: descriptor)
            for _ in 0..<4 {
                let report = (0..<Int.random(in: 0...24, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                _ = report.withUnsafeBytes { decoder.decode($0) }
            }
            #expect(decoder.heldCount <= HIDReportDecoder.maximumKeysPerReport * 256)
        }
        #expect(parsed > 100)
    }

    // MARK: The hid-tools oracle

    static let oracleCases: [(String, [UInt8]?)] = [
        ("nkro", HIDDescriptorFixtures.nkroBitmap), ("led", HIDDescriptorFixtures.ledKeyboard),
        ("primax", HIDDescriptorFixtures.primaxKeyboard), ("ite", HIDDescriptorFixtures.iteKeyboard),
        ("pushpop", HIDDescriptorFixtures.pushPopKeyboard),
    ]
    /// Packetry's descriptors, from ``SharedData``.
    static let sharedOracleCases = Captures.whenShared(["keyboard-1", "kvm-0", "kvm-1", "mouse"])

    @Test(arguments: oracleCases.map(\.0) + sharedOracleCases)
    func hidToolsAgreesOnTheKeysEveryReportHolds(name: String) throws {
        let bytes = try HIDDescriptorFixtures.oracleCases(name)
        let descriptor = try HIDReportDescriptor(parsing: bytes)
        var generator = SeededGenerator(seed: 2711)
        // Reports of every input report's length and ID, bytes drawn so that keys are sparse.
        var reports: [[UInt8]] = []
        for report in descriptor.reports where report.kind == .input {
            for _ in 0..<40 {
                var bytes = (0..<(report.byteLength - (report.id != 0 ? 1 : 0))).map { _ -> UInt8 in
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0..<5: return 0
                    case 5..<8: return UInt8.random(in: 4...0x30, using: &generator)
                    default: return UInt8.random(in: 0...255, using: &generator)
                    }
                }
                if report.id != 0 { bytes.insert(report.id, at: 0) }
                reports.append(bytes)
            }
        }
        let expected = try HIDToolsOracle.keys(descriptor: bytes, reports: reports)
        #expect(expected.count == reports.count)
        var decoder = HIDReportDecoder(descriptor: descriptor)
        var compared = 0
        for (report, theirs) in zip(reports, expected) {
            guard case .decoded(let id, _, nil) = report.withUnsafeBytes({ decoder.decode($0) }) else { continue }
            guard let theirs, !theirs.contains(where: { $0 >> 16 == 7 && (1...3).contains($0 & 0xFFFF) }) else { continue }
            let mine = decoder.held(reportID: id).map { UInt32($0.page) << 16 | UInt32($0.usage) }
            #expect(Set(mine) == Set(theirs), "\(name) report \(report): mine \(mine), hid-tools \(theirs)")
            compared += 1
        }
        #expect(compared >= reports.count / 4, "\(name): only \(compared) of \(reports.count) reports compared")
    }
}

extension HIDDescriptorFixtures {
    static func oracleCases(_ name: String) throws -> [UInt8] {
        if let bytes = HIDReportDescriptorTests.oracleCases.first(where: { $0.0 == name })?.1 { return bytes }
        return try packetry(name)
    }
}
