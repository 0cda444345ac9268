import KeyTraceCore
@testable import Replay
import ResponderEngine
import Testing
import TraceFormat

/// What a replay keeps of its presses while their recorded resolutions may still come.
@Suite struct PressHistoryTests {
    private func record(_ sequence: UInt64, _ outcome: DispatchOutcome = .unhandled) -> ResolutionRecord {
        ResolutionRecord(timestamp: sequence * 1000, pressSequence: sequence, outcome: outcome)
    }

    private func append(_ sequence: UInt64, to history: inout PressHistory) {
        history.append(sequence: sequence, press: KeyPress(.began, HIDUsage(4), timestamp: sequence * 1000),
                       actual: record(sequence), chain: .empty, firstResponderIdentifier: nil, firstResponder: nil)
    }

    @Test func aTraceOfKeysAloneKeepsTheRingAtItsFirstSize() {
        var history = PressHistory(context: 5)
        let first = history.capacity
        for sequence in 0..<200_000 as Range<UInt64> { append(sequence, to: &history) }
        #expect(history.capacity == first)
    }

    @Test func resolutionsRightAfterTheirKeysNeverGrowTheRing() {
        var history = PressHistory(context: 5)
        let first = history.capacity
        for sequence in 0..<100_000 as Range<UInt64> {
            append(sequence, to: &history)
            #expect(history.compare(record(sequence)) == true)
        }
        #expect(history.capacity == first)
    }

    @Test func lateResolutionsAreStillComparedAndKeepTheirContext() {
        var history = PressHistory(context: 5)
        let lag: UInt64 = 3000
        append(0, to: &history)
        #expect(history.compare(record(0)) == true)  // the trace carries resolutions
        for sequence in 1..<10_000 as Range<UInt64> {
            append(sequence, to: &history)
            if sequence > lag {
                let late = sequence - lag
                #expect(history.compare(record(late, late == 5000 ? .disabled : .unhandled)) == (late != 5000))
                if late == 5000 {  // a divergence: the press and the five before it are still held
                    #expect(history.entry(5000)?.sequence == 5000)
                    #expect(history.entries(before: 5000).map(\.sequence) == [4995, 4996, 4997, 4998, 4999])
                }
            }
        }
        #expect(history.capacity > Int(lag))
    }

    @Test func growthStopsAtTheMaximumAndOlderResolutionsAreNotCompared() {
        var history = PressHistory(context: 5)
        append(0, to: &history)
        #expect(history.compare(record(0)) == true)
        let count = UInt64(PressHistory.maximumCapacity) * 2
        for sequence in 1..<count { append(sequence, to: &history) }
        #expect(history.capacity == PressHistory.maximumCapacity)
        #expect(history.compare(record(1)) == nil)  // given up
        #expect(history.compare(record(count - 1)) == true)
        #expect(history.compare(record(count - 1)) == nil)  // compared once only
    }

    @Test func everyHeldPressShowsTheChainAndFirstResponderOfItsMoment() {
        // Focus moves every 1–7 presses among three responders; the ring wraps many times and
        // grows once resolutions come late.
        let responders = (0..<3).map { Responder(name: "r\($0)") }
        var history = PressHistory(context: 5)
        var focusOf: [UInt64: Int] = [:]
        var focus = 0
        var wrong = 0
        for sequence in 0..<20_000 as Range<UInt64> {
            if sequence % UInt64(1 + focus * 3) == 0 { focus = (focus + 1) % 3 }
            focusOf[sequence] = focus
            history.append(sequence: sequence, press: KeyPress(.began, HIDUsage(4), timestamp: sequence * 1000),
                           actual: record(sequence), chain: .empty,
                           firstResponderIdentifier: ObjectIdentifier(responders[focus]), firstResponder: responders[focus])
            // Resolutions come 300 presses late from 10 000 on: the ring grows to hold them.
            let late = sequence >= 10_000 ? sequence - 300 : sequence
            if late <= sequence { _ = history.compare(record(late)) }
            for held in [sequence, sequence > 200 ? sequence - 200 : 0] {
                guard let entry = history.entry(held) else { continue }
                if entry.firstResponder !== responders[focusOf[held]!] { wrong += 1 }
            }
        }
        #expect(history.capacity > 256)
        #expect(wrong == 0)
    }
}
