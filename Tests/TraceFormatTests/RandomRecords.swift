import KeyTraceCore
@testable import TraceFormat
import KeyTraceSupport

/// Random values of every record type, for round-trip property tests.
struct RandomRecords {
    var rng: SeededGenerator

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    mutating func string(allowEmpty: Bool = true) -> String {
        let alphabet = Array("abcXYZ/.:_ 09⌘⇧é🎹\t\n\"\\")
        let count = Int.random(in: (allowEmpty ? 0 : 1)...12, using: &rng)
        return String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
    }

    mutating func optionalString() -> String? { Bool.random(using: &rng) ? string() : nil }

    mutating func time() -> UInt64 {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return UInt64.random(in: 0...UInt64.max, using: &rng)
        case 1: return UInt64.random(in: 0...1_000, using: &rng) * 1_000_000
        case 2: return 1_700_000_000_000_000_000 + UInt64.random(in: 0...10_000_000_000, using: &rng)
        default: return UInt64.random(in: 0...10_000, using: &rng)
        }
    }

    mutating func small() -> UInt64 {
        Bool.random(using: &rng) ? UInt64.random(in: 0...300, using: &rng) : UInt64.random(in: 0...UInt64.max, using: &rng)
    }

    mutating func keyInput() -> KeyInput {
        if Bool.random(using: &rng) {
            return .special(SpecialInput.allCases[Int.random(in: 0..<SpecialInput.allCases.count, using: &rng)])
        }
        return .character(string(allowEmpty: false))
    }

    mutating func record() -> TraceRecord {
        let t = time()
        switch Int.random(in: 0..<9, using: &rng) {
        case 0, 1:
            let isRepeat = Bool.random(using: &rng)
            let press = KeyPress(phase: KeyPhase(rawValue: UInt8.random(in: 0...3, using: &rng)) ?? .began,
                                 usage: HIDUsage(rawValue: UInt16.random(in: 0...UInt16.max, using: &rng)),
                                 characters: KeyText(string()), charactersIgnoringModifiers: KeyText(string()),
                                 modifierFlags: ModifierFlags(rawValue: UInt32.random(in: 0...UInt32.max, using: &rng)),
                                 modifierSides: ModifierSides(rawValue: UInt8.random(in: 0...255, using: &rng)),
                                 isRepeat: isRepeat, isSynthesizedRepeat: isRepeat && Bool.random(using: &rng),
                                 device: DeviceID(rawValue: small()), timestamp: t)
            return .key(KeyRecord(press, timestampUncertainty: Bool.random(using: &rng) ? small() : nil))
        case 2:
            let command: KeyShortcut? = Bool.random(using: &rng)
                ? KeyShortcut(input: keyInput(), modifiers: ModifierFlags(rawValue: UInt32.random(in: 0...UInt32.max, using: &rng)))
                : nil
            return .resolution(ResolutionRecord(
                timestamp: t, pressSequence: small(),
                outcome: DispatchOutcome.allCases[Int.random(in: 0..<DispatchOutcome.allCases.count, using: &rng)],
                command: command, title: optionalString(), action: optionalString().map { Action($0) },
                isUpAction: Bool.random(using: &rng), providerPath: optionalString(), targetPath: optionalString(),
                blockingAction: optionalString().map { Action($0) }))
        case 3:
            let count = Int.random(in: 0...12, using: &rng)
            return .stageTimings(StageTimingsRecord(timestamp: t, pressSequence: small(),
                                                    durations: (0..<count).map { _ in small() }, total: small()))
        case 4:
            return .keyCommandsCounters(KeyCommandsCountersRecord(timestamp: t, pressSequence: small(), calls: small(),
                                                                  policyCalls: small(), enumerations: small()))
        case 5:
            let event: CacheEventRecord.Event
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: event = .hit
            case 1: event = .miss
            default:
                event = .invalidation(CacheInvalidationReason.allCases[
                    Int.random(in: 0..<CacheInvalidationReason.allCases.count, using: &rng)])
            }
            return .cache(CacheEventRecord(timestamp: t, event: event))
        case 6:
            return .chainChange(ChainChangeRecord(
                timestamp: t, kind: ChainChangeKind.allCases[Int.random(in: 0..<ChainChangeKind.allCases.count, using: &rng)],
                from: optionalString(), to: optionalString()))
        case 7:
            return .dropped(DroppedEventsRecord(timestamp: t, device: DeviceID(rawValue: small()), count: small()))
        default:
            return .marker(MarkerRecord(timestamp: t, label: string(), text: optionalString()))
        }
    }
}
