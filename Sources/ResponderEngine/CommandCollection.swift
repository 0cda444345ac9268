import KeyTraceCore

/// The key commands collected from one chain, ordered and de-duplicated for matching
/// (R11, R12), optionally indexed by key for the `cached` policy.
///
/// ```
/// chain:  [first responder] [view] [controller] … [application + main menu]
///            │ keyCommands, addKeyCommand, main menu; alternates expanded; no-action dropped
///            ▼
/// bucket 0:  everything else, chain order then array order ─┐ first of each identity kept,
/// bucket −1: exactly ⌘+ and bare Escape                    ─┘ later equal ones shadowed
/// ```
final class CommandCollection {
    /// A class, so that choosing and reporting a candidate passes one reference around.
    final class Candidate {
        /// The command as matched (mirrored in right-to-left scenes).
        let command: KeyCommand
        let provider: Responder
        let providerIndex: Int
        let bucket: Int8
        /// Waits until text input declined the key (R16, R17).
        let deferred: Bool
        /// The main menu that holds it, for application commands from the menu.
        let menu: Menu.Identifier?

        init(command: KeyCommand, provider: Responder, providerIndex: Int, bucket: Int8, deferred: Bool,
             menu: Menu.Identifier?) {
            self.command = command
            self.provider = provider
            self.providerIndex = providerIndex
            self.bucket = bucket
            self.deferred = deferred
            self.menu = menu
        }
    }

    struct Hit {
        let candidate: Int32
        let fidelity: UInt8
    }

    let chain: ResponderChain
    /// Stale once a responder of the chain changed (`cached` policy only).
    let validity = CollectionValidity()
    let candidates: ContiguousArray<Candidate>
    /// Later candidates of the same identity in the same bucket, by the index of the first.
    let shadowed: [Int: [Candidate]]
    /// `keyCommands` reads made to build this collection.
    let calls: Int
    private let layout: KeyboardLayout
    /// Hits by key and modifiers (`cached` policy), compressed: the hits of slot *s* are
    /// `indexHits[indexStarts[s] ..< indexStarts[s + 1]]`. Built with a handful of allocations;
    /// `nil` means scan.
    private let indexStarts: [Int32]?
    private let indexHits: ContiguousArray<Hit>

    private static let usageCount = Int(HIDUsage.lastDefined.rawValue) + 1

    init(chain: ResponderChain, application: Application, indexed: Bool) {
        self.chain = chain
        self.layout = application.keyboardLayout
        let mirror = application.layoutDirection == .rightToLeft
        let textInputActive = chain.isTextInputActive && !application.commandsBeforeTextInput

        var raw: [(KeyCommand, Responder, Int, Menu.Identifier?)] = []
        var calls = 0
        for (position, responder) in chain.responders.enumerated() {
            responder.keyCommandsCallCount += 1
            calls += 1
            var own = responder.keyCommands ?? []
            if let controller = responder as? ViewController { own += controller.addedKeyCommands }
            for command in own { raw += command.expandedWithAlternates.map { ($0, responder, position, nil) } }
            if let app = responder as? Application {
                for (command, menu) in app.mainMenu.keyCommandsWithMenus { raw.append((command, responder, position, menu)) }
            }
        }
        self.calls = calls

        var zero: [Candidate] = [], minusOne: [Candidate] = []
        var seenValues = Set<KeyCommand>()
        for (command, provider, position, menu) in raw where command.action != nil {
            guard seenValues.insert(command).inserted else { continue }  // the same command once (R11)
            var effective = command
            if mirror && command.allowsAutomaticMirroring { effective.input = command.input.mirrored }
            let deferred = textInputActive && position > 0 && !effective.wantsPriorityOverSystemBehavior
                && !effective.input.isEscape
                && TextInputConflicts.conflicts(input: effective.input, modifiers: effective.modifierFlags)
            let bucket: Int8 = CommandCollection.isLowPriority(effective) ? -1 : 0
            let candidate = Candidate(command: effective, provider: provider, providerIndex: position,
                                      bucket: bucket, deferred: deferred, menu: menu)
            if bucket == 0 { zero.append(candidate) } else { minusOne.append(candidate) }
        }
        var ordered = ContiguousArray<Candidate>()
        var shadowed: [Int: [Candidate]] = [:]
        for bucket in [zero, minusOne] {
            var firstOfIdentity: [KeyCommand.Identity: Int] = [:]
            for candidate in bucket {
                if let first = firstOfIdentity[candidate.command.identity] {
                    shadowed[first, default: []].append(candidate)
                } else {
                    firstOfIdentity[candidate.command.identity] = ordered.count
                    ordered.append(candidate)
                }
            }
        }
        self.candidates = ordered
        self.shadowed = shadowed

        if indexed {
            let slots = CommandCollection.usageCount * 16
            var triggers: [CommandMatcher.Trigger] = []
            var pairs: [(slot: Int32, hit: Hit)] = []
            var counts = [Int32](repeating: 0, count: slots + 1)
            for (i, candidate) in ordered.enumerated() {
                triggers.removeAll(keepingCapacity: true)
                CommandMatcher.appendTriggers(of: candidate.command.input, modifiers: candidate.command.modifierFlags,
                                              layout: layout, to: &triggers)
                for trigger in triggers {
                    let slot = CommandCollection.slot(trigger.usage, trigger.modifiers)
                    pairs.append((Int32(slot), Hit(candidate: Int32(i), fidelity: trigger.fidelity)))
                    counts[slot + 1] += 1
                }
            }
            for s in 0..<slots { counts[s + 1] += counts[s] }  // prefix sums: slot starts
            var cursor = counts
            var hits = ContiguousArray(repeating: Hit(candidate: 0, fidelity: 0), count: pairs.count)
            for pair in pairs {  // candidate order is kept within each slot
                hits[Int(cursor[Int(pair.slot)])] = pair.hit
                cursor[Int(pair.slot)] += 1
            }
            self.indexStarts = counts
            self.indexHits = hits
            validity.register(with: chain)
        } else {
            self.indexStarts = nil
            self.indexHits = []
        }
    }

    /// Exactly ⌘+ and bare Escape sit below every other command (R12).
    static func isLowPriority(_ command: KeyCommand) -> Bool {
        (command.input == .character("+") && command.modifierFlags == .command)
            || (command.input.isEscape && command.modifierFlags.isEmpty)
    }

    @inline(__always)
    private static func slot(_ usage: HIDUsage, _ modifiers: ModifierFlags) -> Int {
        let m = modifiers.matchingSubset.rawValue >> 17  // shift, control, alternate, command → 4 bits
        return Int(usage.rawValue) &* 16 &+ Int(m & 0xF)
    }

    /// The candidates matching an event, in candidate order. Uses the index when there is one
    /// (no allocation), else scans every candidate.
    func hits(usage: HIDUsage, modifiers: ModifierFlags) -> ArraySlice<Hit> {
        if let indexStarts {
            guard Int(usage.rawValue) < CommandCollection.usageCount else { return [] }
            let slot = CommandCollection.slot(usage, modifiers)
            return indexHits[Int(indexStarts[slot])..<Int(indexStarts[slot + 1])]
        }
        var result = ContiguousArray<Hit>()
        for (i, candidate) in candidates.enumerated() {
            let fidelity = CommandMatcher.fidelity(of: candidate.command.input, modifiers: candidate.command.modifierFlags,
                                                   usage: usage, eventModifiers: modifiers, layout: layout)
            if fidelity > 0 { result.append(Hit(candidate: Int32(i), fidelity: fidelity)) }
        }
        return result[...]
    }
}
