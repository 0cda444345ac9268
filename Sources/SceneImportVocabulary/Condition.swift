/// The run-time condition code runs under, as both of the importer's source readers record it:
/// the tests of the `if`, `guard`, `switch` and `?:` around it, all of which hold when it runs.
///
/// A test keeps the source text of what the app tests (`UIDevice.current.userInterfaceIdiom ==
/// .pad`, `self.isEditing`, `[self canUndo]`) and whether the code runs on its false side (an
/// `else`, the code after a `guard`). Readers of a condition (the scene's idiom and writing
/// direction, the flags a scene gives its conditional commands) take the tests as they are,
/// and ``text`` is the one place the condition is written out: `test && !(other test)`.
public struct Condition: Hashable, Sendable {
    /// One test as the source writes it, or its negation.
    public struct Test: Hashable, Sendable {
        /// The source text of the test (`a, let b = c` for an `if` with several clauses).
        public var source: String
        /// Whether the code runs where the test fails.
        public var isNegated: Bool

        public init(_ source: String, isNegated: Bool = false) {
            self.source = source
            self.isNegated = isNegated
        }

        /// The same test, holding where this one fails.
        public var negated: Test { Test(source, isNegated: !isNegated) }

        /// The test as a condition's text writes it: `source`, or `!(source)`.
        public var text: String { isNegated ? "!(\(source))" : source }
    }

    /// The tests, outermost first.
    public var tests: [Test]

    public init(_ tests: [Test] = []) {
        self.tests = tests
    }

    /// A condition of one test.
    public init(_ test: Test) {
        self.tests = [test]
    }

    /// No test: the code runs whenever the code around it does.
    public static let always = Condition()

    /// Whether the condition has no test.
    public var isAlways: Bool { tests.isEmpty }

    /// Whether the two cannot both hold: one has a test the other has negated (`isPlaying`
    /// and `!(isPlaying)`).
    public func contradicts(_ other: Condition) -> Bool {
        let mine = parts
        guard !mine.isEmpty else { return false }
        return other.parts.contains { test in mine.contains { $0.source == test.source && $0.isNegated != test.isNegated } }
    }

    /// The tests as parts of one conjunction: a test whose source joins tests with ` && `
    /// (`if isEditing && hasSelection`) gives each of them; a negated one stays whole, since
    /// `!(a && b)` holds when either fails.
    public var parts: [Test] {
        tests.flatMap { test -> [Test] in
            guard !test.isNegated else { return [test] }
            let pieces = Self.split(test.source, at: " && ")
            return pieces.count == 1 ? [test] : pieces.map { Test($0) }
        }
    }

    /// `text`'s pieces between occurrences of `separator` (empty ones included); `[text]` when
    /// it has none. ASCII text (source conditions nearly always are) is searched as bytes; other
    /// text by characters, as a combining mark can join a separator's last space.
    private static func split(_ text: String, at separator: String) -> [String] {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            guard text.contains(separator) else { return [text] }
            return text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        }
        let pattern = Array(separator.utf8)
        guard let first = pattern.first, bytes.count >= pattern.count else { return [text] }
        var pieces: [String] = []
        var start = 0
        var offset = 0
        while offset + pattern.count <= bytes.count {
            if bytes[offset] == first, bytes[offset..<offset + pattern.count].elementsEqual(pattern) {
                pieces.append(String(decoding: bytes[start..<offset], as: UTF8.self))
                offset += pattern.count
                start = offset
            } else {
                offset += 1
            }
        }
        guard !pieces.isEmpty else { return [text] }
        pieces.append(String(decoding: bytes[start...], as: UTF8.self))
        return pieces
    }

    /// The condition as the inventory and the report write it: the tests joined by ` && `.
    public var text: String {
        guard tests.count > 1 else { return tests.first?.text ?? "" }
        var text = tests[0].text
        for test in tests.dropFirst() {
            text += " && "
            text += test.text
        }
        return text
    }

    /// Adds a test inside the others.
    public mutating func append(_ test: Test) {
        tests.append(test)
    }

    /// This condition, then `inner`'s tests: the condition of code running under `inner` inside
    /// code running under this one. Either is returned as it is when the other has no test,
    /// which most have.
    public func nesting(_ inner: Condition) -> Condition {
        if tests.isEmpty { return inner }
        if inner.tests.isEmpty { return self }
        return Condition(tests + inner.tests)
    }

    /// This condition, then the tests of `inner` it does not have already.
    public func merging(_ inner: Condition) -> Condition {
        if inner.tests.isEmpty { return self }
        var result = self
        for test in inner.tests where !result.tests.contains(test) { result.tests.append(test) }
        return result
    }

    /// The tests this condition adds to `outside`, when it starts with `outside`'s tests; the
    /// condition as it is otherwise.
    public func beyond(_ outside: Condition) -> Condition {
        tests.starts(with: outside.tests) ? Condition(Array(tests.dropFirst(outside.tests.count))) : self
    }

    /// The condition without repeated tests, in first-seen order. Conditions are a few tests
    /// long, so a scan of what is kept costs less than hashing.
    public var withoutRepeats: Condition {
        guard tests.count > 1 else { return self }
        var kept: [Test] = []
        kept.reserveCapacity(tests.count)
        for test in tests where !kept.contains(test) { kept.append(test) }
        return Condition(kept)
    }

    /// The condition under which at least one of `paths` runs (one command reached along
    /// several paths): the tests every path has, then the rest as one test, `(a && b) || (c)`,
    /// unless the rest cover every case. Two paths that differ only in one test, held on one and
    /// failed on the other, are one path without it (`a && b` or `a && !b` is `a`), so an
    /// `if a … else if b … else …` returning the same command on each branch returns it always.
    public static func anyOf(_ paths: [Condition]) -> Condition {
        guard let first = paths.first else { return .always }
        if paths.count == 1 { return first }
        let common = first.tests.filter { test in paths.allSatisfy { $0.tests.contains(test) } }
        var rests = paths.map { path in path.tests.filter { !common.contains($0) } }
        if rests.contains(where: \.isEmpty) { return Condition(common) }
        if rests.count <= maximumMergedPaths { mergeComplementaryPaths(&rests) }
        if rests.contains(where: \.isEmpty) { return Condition(common) }
        var seen: Set<String> = []
        let alternatives = rests.map { Condition($0).text }.filter { seen.insert($0).inserted }
        return Condition(common + [Test(alternatives.map { "(\($0))" }.joined(separator: " || "))])
    }

    /// How many paths ``anyOf(_:)`` merges pairwise (the merge compares every pair).
    private static let maximumMergedPaths = 16

    /// Merges, until none is left, two paths of equal length that differ only in one test,
    /// held on one and failed on the other, into the path without it.
    private static func mergeComplementaryPaths(_ rests: inout [[Test]]) {
        var merged = true
        while merged, rests.count > 1 {
            merged = false
            search: for i in rests.indices {
                for j in rests.indices where j > i && rests[j].count == rests[i].count {
                    let onlyI = rests[i].filter { !rests[j].contains($0) }
                    let onlyJ = rests[j].filter { !rests[i].contains($0) }
                    guard onlyI.count == 1, onlyJ.count == 1, onlyI[0].negated == onlyJ[0] else { continue }
                    rests[i].removeAll { $0 == onlyI[0] }
                    rests.remove(at: j)
                    merged = true
                    break search
                }
            }
        }
    }
}
