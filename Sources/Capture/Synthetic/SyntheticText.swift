import KeyTraceCore
import KeyTraceSupport

/// An endless stream of English-like text for the synthetic load generator, one scalar at a
/// time in constant memory: sentences of 4–14 common words, the first capitalised, a comma
/// after about one word in twelve, a number instead of a word about one time in fifty, ending
/// in `.` (most), `?` or `!`, then a space, or Return about one sentence in eight.
struct SyntheticText {
    /// The 100 most common English words, roughly by frequency, plus a few with capitals.
    static let words: [[UInt8]] = [
        "the", "of", "and", "to", "a", "in", "is", "you", "that", "it", "he", "was", "for", "on", "are", "as",
        "with", "his", "they", "I", "at", "be", "this", "have", "from", "or", "one", "had", "by", "word", "but",
        "not", "what", "all", "were", "we", "when", "your", "can", "said", "there", "use", "an", "each", "which",
        "she", "do", "how", "their", "if", "will", "up", "other", "about", "out", "many", "then", "them", "these",
        "so", "some", "her", "would", "make", "like", "him", "into", "time", "has", "look", "two", "more", "write",
        "go", "see", "number", "no", "way", "could", "people", "my", "than", "first", "water", "been", "call",
        "who", "oil", "its", "now", "find", "long", "down", "day", "did", "get", "come", "made", "may", "part",
        "London", "Monday", "English", "keyboard", "shortcut", "window", "menu", "press", "key", "command",
    ].map { Array($0.utf8) }

    private var random: SeededGenerator
    private var word: Int = 0
    private var position: Int = 0
    private var wordLength: Int = 0
    private var number: UInt64 = 0  // digits of a number word, most significant first, 0 when none
    private var wordsLeft: Int = 0
    private var capitalize = true
    /// Up to two scalars queued after a word: punctuation and a separator.
    private var queued: (UInt8, UInt8) = (0, 0)

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        startSentence()
        startWord()
    }

    private mutating func startSentence() {
        wordsLeft = Int(random.uniform(4...14))
        capitalize = true
    }

    private mutating func startWord() {
        position = 0
        if random.chance(0.02) {
            let digits = Int(random.uniform(1...4))
            number = 0
            for _ in 0..<digits { number = number * 10 + random.uniform(1...9) }
            wordLength = digits
        } else {
            number = 0
            word = Int(random.uniform(0...UInt64(Self.words.count - 1)))
            wordLength = Self.words[word].count
        }
        wordsLeft -= 1
    }

    /// The next ASCII scalar: a letter, digit, punctuation, space or `\r`.
    mutating func next() -> Unicode.Scalar {
        if queued.0 != 0 {
            let scalar = queued.0
            queued = (queued.1, 0)
            return Unicode.Scalar(scalar)
        }
        if position < wordLength {
            var byte: UInt8
            if number != 0 {
                var divisor: UInt64 = 1
                for _ in 0..<(wordLength - position - 1) { divisor *= 10 }
                byte = UInt8(48 + (number / divisor) % 10)
            } else {
                byte = Self.words[word][position]
                if position == 0, capitalize, byte >= 0x61, byte <= 0x7A { byte -= 0x20 }
            }
            position += 1
            capitalize = false
            return Unicode.Scalar(byte)
        }
        // The word is over: punctuation and a separator, then the next word.
        if wordsLeft <= 0 {
            let end: UInt8 = random.chance(0.9) ? 0x2E : (random.chance(0.5) ? 0x3F : 0x21)
            let separator: UInt8 = random.chance(0.125) ? 0x0D : 0x20
            queued = (separator, 0)
            startSentence()
            startWord()
            return Unicode.Scalar(end)
        }
        let comma = random.chance(1.0 / 12)
        startWord()
        if comma {
            queued = (0x20, 0)
            return ","
        }
        return " "
    }
}
