import KeyTraceCore
@testable import Replay
import ResponderEngine
import Testing
import TraceFormat

/// What a replay keeps of its presses while their recorded resolutions may still come.
@Suite struct PressHistoryTests {
    /// The resolution number a press is given: presses are numbered by their sequence's
    /// residue, so a wrong slot shows as a wrong number.
    private func number(_ sequence: UInt64) -> Int32 { Int32(sequence % 1000) }

    private func append(_ sequence: UInt64, to history: inout PressHistory) {
        history.append(sequence: sequence, press: KeyPress(.began, HIDUsage(4), timestamp: sequence * 1000),
                       resolution: number(sequence), chain: .empty, firstResponderIdentifier: nil, firstResponder: nil)
    }

    /// What the replay loop does with a recorded resolution: the held number, once; `nil` when
    /// the press is not held or was compared already.
    private func take(_ sequence: UInt64, from history: inout PressHistory) -> Int32? {
        guard let held = history.waitingResolution(sequence) else {
            history.noteResolution()
            return nil
        }
        history.markCompared(sequence)
        return held
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
            #expect(take(sequence, from: &history) == number(sequence))
        }
        #expect(history.capacity == first)
    }

    @Test func lateResolutionsAreStillComparedAndKeepTheirContext() {
        var history = PressHistory(context: 5)
        let lag: UInt64 = 3000
        append(0, to: &history)
        #expect(take(0, from: &history) == number(0))  // the trace carries resolutions
        for sequence in 1..<10_000 as Range<UInt64> {
            append(sequence, to: &history)
            if sequence > lag {
                let late = sequence - lag
                #expect(take(late, from: &history) == number(late))
                if late == 5000 {  // the press and the five before it are still held
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
        #expect(take(0, from: &history) == number(0))
        let count = UInt64(PressHistory.maximumCapacity) * 2
        for sequence in 1..<count { append(sequence, to: &history) }
        #expect(history.capacity == PressHistory.maximumCapacity)
        #expect(take(1, from: &history) == nil)  // given up
        #expect(take(count - 1, from: &history) == number(count - 1))
        #expect(take(count - 1, from: &history) == nil)  // compared once only
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
                           resolution: number(sequence), chain: .empty,
                           firstResponderIdentifier: ObjectIdentifier(responders[focus]), firstResponder: responders[focus])
            // Resolutions come 300 presses late from 10 000 on: the ring grows to hold them.
            let late = sequence >= 10_000 ? sequence - 300 : sequence
            if late <= sequence { _ = take(late, from: &history) }
            for held in [sequence, sequence > 200 ? sequence - 200 : 0] {
                guard let entry = history.entry(held) else { continue }
                if entry.firstResponder !== responders[focusOf[held]!] { wrong += 1 }
            }
        }
        #expect(history.capacity > 256)
        #expect(wrong == 0)
    }

    @Test func renumberingReachesEveryHeldPressAndKeepsItsSlot() {
        var history = PressHistory(context: 5)
        for sequence in 0..<300 as Range<UInt64> { append(sequence, to: &history) }
        history.renumberResolutions { $0 + 7 }
        for sequence in 300 - UInt64(history.capacity)..<300 {
            #expect(history.entry(sequence)?.resolution == number(sequence) + 7)
        }
        #expect(take(299, from: &history) == number(299) + 7)
    }
}
