import KeyTraceCore

extension CommandCollection {
    /// Candidates grouped by command identity (R3) while a collection is built: the first of
    /// each identity is matched, the later ones are shadowed by it (R12), and a command equal to
    /// one already in its group is read once (R11).
    ///
    /// Most identities are keyed by one integer, the modifiers beside a special input's usage or
    /// a single-scalar character, found in an open-addressing table: no string is hashed. Any
    /// other input (several scalars, a function key without a usage) is keyed by its
    /// ``KeyCommand/Identity``. Members of a group are linked in reading order through flat
    /// arrays, so building costs no allocation per group.
    struct IdentityGroups {
        /// The open-addressing table: a power-of-two number of slots, each a key and its group
        /// (`-1` when the slot is free), at most half full.
        private var slotKeys: [UInt64]
        private var slotGroups: [Int32]
        private var slotShift: UInt64
        private var groupOfIdentity: [KeyCommand.Identity: Int32] = [:]
        /// Per group: its first and last member (`-1` while empty).
        private var firstMember: [Int32] = []
        private var lastMember: [Int32] = []
        /// Per member: the candidate, the command as read (before mirroring), the next member of
        /// its group (`-1` at the end).
        private var members: [Candidate] = []
        private var memberSources: [KeyCommand] = []
        private var nextMember: [Int32] = []

        init(capacity: Int) {
            var bits: UInt64 = 4
            while (1 << bits) < 2 * capacity { bits += 1 }
            slotKeys = [UInt64](repeating: 0, count: 1 << bits)
            slotGroups = [Int32](repeating: -1, count: 1 << bits)
            slotShift = 64 - bits
            firstMember.reserveCapacity(capacity)
            lastMember.reserveCapacity(capacity)
            members.reserveCapacity(capacity)
            memberSources.reserveCapacity(capacity)
            nextMember.reserveCapacity(capacity)
        }

        /// The group of `command`'s identity, created empty when it is the first of it.
        mutating func group(of command: KeyCommand) -> Int32 {
            let next = Int32(truncatingIfNeeded: firstMember.count)
            let group: Int32
            if command.isKeyless {
                // A menu item no key triggers has no shortcut to share: it shadows nothing (R12).
                group = next
            } else if let key = IdentityGroups.key(of: command) {
                group = self.group(forKey: key, creating: next)
            } else {
                let identity = command.identity
                group = groupOfIdentity[identity, default: next]
                if group == next { groupOfIdentity[identity] = next }
            }
            if group == next {
                firstMember.append(-1)
                lastMember.append(-1)
            }
            return group
        }

        /// The group of `key`, or `new` entered for it when the table has none. The table holds
        /// at most one key per command read, so it never fills past half.
        private mutating func group(forKey key: UInt64, creating new: Int32) -> Int32 {
            let mask = slotKeys.count &- 1
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> slotShift)
            while true {
                let group = slotGroups[slot]
                if group < 0 {
                    slotKeys[slot] = key
                    slotGroups[slot] = new
                    return new
                }
                if slotKeys[slot] == key { return group }
                slot = (slot &+ 1) & mask
            }
        }

        /// Whether `group` already holds a command equal to `source` (R11).
        func contains(_ source: KeyCommand, in group: Int32) -> Bool {
            var member = firstMember[Int(group)]
            while member >= 0 {
                if memberSources[Int(member)] == source { return true }
                member = nextMember[Int(member)]
            }
            return false
        }

        /// Appends `candidate`, read as `source`, to `group`.
        mutating func add(_ candidate: Candidate, source: KeyCommand, to group: Int32) {
            let member = Int32(truncatingIfNeeded: members.count)
            members.append(candidate)
            memberSources.append(source)
            nextMember.append(-1)
            let last = lastMember[Int(group)]
            if last >= 0 { nextMember[Int(last)] = member } else { firstMember[Int(group)] = member }
            lastMember[Int(group)] = member
        }

        /// The first member of every group in match order, bucket 0 before bucket −1, each in
        /// reading order; and the later members of each group, by the index of its first.
        func ordered() -> (candidates: ContiguousArray<Candidate>, shadowed: [Int: [Candidate]]) {
            var candidates = ContiguousArray<Candidate>()
            candidates.reserveCapacity(firstMember.count)
            var shadowed: [Int: [Candidate]] = [:]
            for bucket: Int8 in [0, -1] {
                for first in firstMember where first >= 0 && members[Int(first)].bucket == bucket {
                    var later = nextMember[Int(first)]
                    if later >= 0 {
                        var followers: [Candidate] = []
                        while later >= 0 {
                            followers.append(members[Int(later)])
                            later = nextMember[Int(later)]
                        }
                        shadowed[candidates.count] = followers
                    }
                    candidates.append(members[Int(first)])
                }
            }
            return (candidates, shadowed)
        }

        /// An integer that identities differ in exactly when they are different, for a special
        /// input with a usage of its own or a single-scalar character (compared case-sensitively,
        /// as identities are); `nil` for any other input.
        static func key(of command: KeyCommand) -> UInt64? {
            let modifiers = UInt64(command.modifierFlags.rawValue)
            switch command.input {
            case .special(let special):
                guard SpecialInput(usage: special.usage) == special else { return nil }
                return 1 << 63 | UInt64(special.usage.rawValue) << 32 | modifiers
            case .character(let string):
                var scalars = string.unicodeScalars.makeIterator()
                guard let scalar = scalars.next(), scalars.next() == nil else { return nil }
                return UInt64(scalar.value) << 32 | modifiers
            }
        }
    }
}
