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
    ///
    /// A candidate names its provider by chain position only (``CommandCollection/provider(of:)``
    /// finds the responder), so contents built for one chain serve any chain whose responders
    /// return the same commands at the same positions.
    final class Candidate {
        /// The command as matched (mirrored in right-to-left scenes).
        let command: KeyCommand
        let providerIndex: Int
        let bucket: Int8
        /// Waits until text input declined the key (R16, R17).
        let deferred: Bool
        /// The main menu that holds it, for application commands from the menu.
        let menu: Menu.Identifier?

        init(command: KeyCommand, providerIndex: Int, bucket: Int8, deferred: Bool, menu: Menu.Identifier?) {
            self.command = command
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

    /// One command as read from the chain: what collections are built from. Its provider is
    /// the responder at `position` in the chain (the application for main-menu commands).
    struct Source {
        let command: KeyCommand
        let position: Int
        let menu: Menu.Identifier?

        /// Whether `a` and `b` hold the same sources in the same order: the same positions,
        /// equal commands and menus. Which responders stand at those positions does not matter:
        /// a controller presented anew, or another chain of the same shape, reuses the contents.
        /// Compared field by field in place: comparing whole elements with `==` copied each one
        /// (a reference count for every reference of a source, on both sides), and a rebuild
        /// after a focus change compares every source it read with a recent collection's.
        static func same(_ a: [Source], _ b: [Source]) -> Bool {
            guard a.count == b.count else { return false }
            return a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    for i in a.indices {
                        guard a[i].position == b[i].position else { return false }
                        // The same command instance (a stored `keyCommands` array read again) is
                        // decided by identity, without the reference counts of a call to `==`.
                        if a[i].command.instanceIdentifier != b[i].command.instanceIdentifier {
                            guard a[i].command == b[i].command else { return false }
                        }
                        guard a[i].menu == b[i].menu else { return false }
                    }
                    return true
                }
            }
        }
    }

    /// Everything built from the commands read: candidates, shadowing and the index. A pure
    /// function of the sources, the layout, mirroring, text-input state, platform and OS version, so a collection
    /// whose reads return what an earlier one read shares that one's contents instead of
    /// building them again (the `cached` policy keeps a few, ``KeyDispatcher/recentContents``).
    final class Contents {
        let sources: [Source]
        let layout: KeyboardLayout
        let mirror: Bool
        let textInputActive: Bool
        /// The platform: how a main-menu item's key reads (``MenuKeyEquivalent``).
        let platform: Platform
        /// The OS version: a command whose input the version lacks is left out (R2).
        let osVersion: OSVersion
        let candidates: ContiguousArray<Candidate>
        /// Later candidates of the same identity in the same bucket, by the index of the first.
        let shadowed: [Int: [Candidate]]
        /// Hits by key and modifiers (`cached` policy), in two levels so that building touches
        /// only the keys some command has: `indexRows[usage]` is the key's row (`0` when no
        /// command has it), and the hits of row *r* under modifier bits *m* are
        /// `indexHits[indexStarts[s] ..< indexStarts[s + 1]]` for *s* = (*r* − 1) · 16 + *m*.
        /// Built with a handful of allocations; `indexStarts == nil` means scan.
        let indexRows: [UInt8]
        let indexStarts: [Int32]?
        let indexHits: ContiguousArray<Hit>

        /// Whether these contents are what `sources` (read under these conditions) build.
        func isBuilt(from sources: [Source], layout: KeyboardLayout, mirror: Bool, textInputActive: Bool,
                     platform: Platform, osVersion: OSVersion, indexed: Bool) -> Bool {
            (indexStarts != nil) == indexed && self.mirror == mirror && self.textInputActive == textInputActive
                && self.platform == platform && self.osVersion == osVersion && Source.same(self.sources, sources)
                && self.layout == layout
        }

        init(sources: [Source], layout: KeyboardLayout, mirror: Bool, textInputActive: Bool, platform: Platform,
             osVersion: OSVersion, indexed: Bool) {
            self.sources = sources
            self.layout = layout
            self.mirror = mirror
            self.textInputActive = textInputActive
            self.platform = platform
            self.osVersion = osVersion
            var groups = IdentityGroups(capacity: sources.count)
            // A command whose input the OS version lacks cannot be made there (R2).
            for source in sources where source.command.action != nil && source.command.input.availableSince <= osVersion {
                let command = source.command
                var effective = command
                if mirror && command.allowsAutomaticMirroring { effective.input = command.input.mirrored }
                if source.menu != nil { effective = MenuKeyEquivalent.menuItem(effective, on: platform) }
                // Equal commands have equal identities: the same command once (R11) is decided
                // within the command's identity group.
                let group = groups.group(of: effective)
                guard !groups.contains(command, in: group) else { continue }
                let deferred = TextInputConflicts.waitsForTextInput(effective, textInputActive: textInputActive)
                let bucket: Int8 = CommandCollection.isLowPriority(effective) ? -1 : 0
                let candidate = Candidate(command: effective, providerIndex: source.position,
                                          bucket: bucket, deferred: deferred, menu: source.menu)
                groups.add(candidate, source: command, to: group)
            }
            (self.candidates, self.shadowed) = groups.ordered()

            if indexed {
                var rows = [UInt8](repeating: 0, count: CommandCollection.usageCount)
                var rowCount = 0
                // One array for every candidate's triggers (each reads its own from `mark` on):
                // emptying a small array per candidate cost more than the triggers themselves.
                var triggers: [CommandMatcher.Trigger] = []
                triggers.reserveCapacity(candidates.count * 2)
                var pairs: [(slot: Int32, hit: Hit)] = []
                pairs.reserveCapacity(candidates.count * 2)
                for (i, candidate) in candidates.enumerated() {
                    let mark = triggers.count
                    CommandMatcher.appendTriggers(of: candidate.command.input, modifiers: candidate.command.modifierFlags,
                                                  layout: layout, to: &triggers)
                    for trigger in triggers[mark...] {
                        let usage = Int(trigger.usage.rawValue)
                        guard usage < rows.count else { continue }  // no key sends it: never matched
                        if rows[usage] == 0 {
                            rowCount += 1
                            rows[usage] = UInt8(truncatingIfNeeded: rowCount)  // at most one row a usage
                        }
                        let slot = CommandCollection.slot(row: rows[usage], trigger.modifiers)
                        pairs.append((Int32(slot), Hit(candidate: Int32(i), fidelity: trigger.fidelity)))
                    }
                }
                let slots = rowCount * 16
                var counts = [Int32](repeating: 0, count: slots + 1)
                for pair in pairs { counts[Int(pair.slot)] += 1 }
                // Inclusive prefix sums make `counts[s]` the end of slot s; filling each slot from
                // its end, pairs in reverse, leaves `counts[s]` at its start (candidate order kept).
                for s in 0..<slots { counts[s + 1] += counts[s] }
                var hits = ContiguousArray(repeating: Hit(candidate: 0, fidelity: 0), count: pairs.count)
                for pair in pairs.reversed() {
                    counts[Int(pair.slot)] -= 1
                    hits[Int(counts[Int(pair.slot)])] = pair.hit
                }
                self.indexRows = rows
                self.indexStarts = counts
                self.indexHits = hits
            } else {
                self.indexRows = []
                self.indexStarts = nil
                self.indexHits = []
            }
        }
    }

    let chain: ResponderChain
    /// Stale once a responder of the chain changed (`cached` policy only).
    let validity = CollectionValidity()
    /// The candidates, index and shadowing built from this chain's commands.
    let contents: Contents
    /// `keyCommands` reads made to build this collection.
    let calls: Int

    /// The candidates in match order: bucket 0, then bucket −1; first of each identity only.
    var candidates: ContiguousArray<Candidate> { contents.candidates }
    /// Later candidates of the same identity in the same bucket, by the index of the first.
    var shadowed: [Int: [Candidate]] { contents.shadowed }

    /// The responder that provides `candidate`'s command in this collection's chain.
    @inline(__always)
    func provider(of candidate: Candidate) -> Responder { chain[candidate.providerIndex] }

    fileprivate static let usageCount = Int(HIDUsage.lastDefined.rawValue) + 1
    private static let readCapacity = 64

    /// Reads every responder's `keyCommands` (counted) and builds the collection, or reuses one
    /// of `recent` when the reads returned what it was built from (`recent` is then updated,
    /// most recent first, at most `recentLimit` kept).
    convenience init(chain: ResponderChain, application: Application, indexed: Bool,
                     recent: inout [Contents], recentLimit: Int = 64) {
        let (sources, calls) = CommandCollection.read(chain)
        let mirror = application.mirrorsCommands
        let textInputActive = chain.isTextInputActive && !application.commandsPrecedeTextInput
        let layout = application.keyboardLayout
        let platform = application.platform
        let osVersion = application.osVersion
        let contents: Contents
        if let index = recent.firstIndex(where: { $0.isBuilt(from: sources, layout: layout, mirror: mirror,
                                                              textInputActive: textInputActive, platform: platform,
                                                              osVersion: osVersion, indexed: indexed) }) {
            contents = recent.remove(at: index)
        } else {
            contents = Contents(sources: sources, layout: layout, mirror: mirror, textInputActive: textInputActive,
                                platform: platform, osVersion: osVersion, indexed: indexed)
        }
        recent.insert(contents, at: 0)
        if recent.count > recentLimit { recent.removeLast(recent.count - recentLimit) }
        self.init(chain: chain, contents: contents, calls: calls)
    }

    /// Reads every responder's `keyCommands` (counted) and builds the collection. One used a
    /// moment and dropped (`tracksValidity` false) is not told when its chain changes.
    convenience init(chain: ResponderChain, application: Application, indexed: Bool, tracksValidity: Bool = true) {
        let (sources, calls) = CommandCollection.read(chain)
        self.init(chain: chain, contents: Contents(
            sources: sources, layout: application.keyboardLayout, mirror: application.mirrorsCommands,
            textInputActive: chain.isTextInputActive && !application.commandsPrecedeTextInput,
            platform: application.platform, osVersion: application.osVersion, indexed: indexed),
                  calls: calls, tracksValidity: tracksValidity)
    }

    private init(chain: ResponderChain, contents: Contents, calls: Int, tracksValidity: Bool = true) {
        self.chain = chain
        self.contents = contents
        self.calls = calls
        if tracksValidity, contents.indexStarts != nil { validity.register(with: chain) }
    }

    /// The commands of every responder of `chain`, in chain order, alternates expanded; the
    /// application's main menu after the whole chain (the app delegate included). Counts one
    /// `keyCommands` read per responder.
    private static func read(_ chain: ResponderChain) -> (sources: [Source], calls: Int) {
        var sources: [Source] = []
        // Room for a typical chain's commands at once: growing one element at a time
        // reallocated the array about seven times a read.
        sources.reserveCapacity(readCapacity)
        var calls = 0
        func append(_ commands: [KeyCommand], at position: Int) {
            for command in commands {
                guard !command.alternates.isEmpty else {  // most have none: no array for the expansion
                    sources.append(Source(command: command, position: position, menu: nil))
                    continue
                }
                for expanded in command.expandedWithAlternates {
                    sources.append(Source(command: expanded, position: position, menu: nil))
                }
            }
        }
        var readMenu = false
        for (position, responder) in chain.responders.enumerated() {
            responder.keyCommandsCallCount += 1
            calls += 1
            if let own = responder.keyCommands { append(own, at: position) }
            if let controller = responder as? ViewController { append(controller.addedKeyCommands, at: position) }
            // The main menu where the walk reaches the application, after the application's own
            // commands and before the app delegate's (R11); its provider is the application.
            if !readMenu, let app = responder as? Application {
                readMenu = true
                for (command, menu) in app.mainMenuKeyCommandsWithMenus {
                    sources.append(Source(command: command, position: position, menu: menu))
                }
            }
        }
        return (sources, calls)
    }

    /// Exactly ⌘+ and bare Escape sit below every other command (R12).
    static func isLowPriority(_ command: KeyCommand) -> Bool {
        (command.input == .character("+") && command.modifierFlags == .command)
            || (command.input.isEscape && command.modifierFlags.isEmpty)
    }

    /// The index slot of a key's row (1-based) and the modifiers that matter for matching.
    @inline(__always)
    fileprivate static func slot(row: UInt8, _ modifiers: ModifierFlags) -> Int {
        let m = modifiers.matchingSubset.rawValue >> 17  // shift, control, alternate, command → 4 bits
        return (Int(row) &- 1) &* 16 &+ Int(m & 0xF)
    }

    /// The candidates matching an event, in candidate order. Uses the index when there is one
    /// (no allocation), else scans every candidate.
    /// The candidates `press` may match. Keys of other usage pages than the keyboard's (media,
    /// system control) match none: UIKit matches key commands against keyboard keys only.
    @inline(__always) func hits(for press: KeyPress) -> ArraySlice<Hit> {
        guard press.isKeyboardKey else { return [] }
        return hits(usage: press.usage, modifiers: press.modifierFlags)
    }

    func hits(usage: HIDUsage, modifiers: ModifierFlags) -> ArraySlice<Hit> {
        let contents = self.contents
        if let indexStarts = contents.indexStarts {
            let usage = Int(usage.rawValue)
            guard usage < contents.indexRows.count else { return [] }
            let row = contents.indexRows[usage]
            guard row != 0 else { return [] }
            let slot = CommandCollection.slot(row: row, modifiers)
            return contents.indexHits[Int(indexStarts[slot])..<Int(indexStarts[slot + 1])]
        }
        let layout = contents.layout
        var result = ContiguousArray<Hit>()
        for (i, candidate) in contents.candidates.enumerated() {
            let fidelity = CommandMatcher.fidelity(of: candidate.command.input, modifiers: candidate.command.modifierFlags,
                                                   usage: usage, eventModifiers: modifiers, layout: layout)
            if fidelity > 0 { result.append(Hit(candidate: Int32(i), fidelity: fidelity)) }
        }
        return result[...]
    }
}
