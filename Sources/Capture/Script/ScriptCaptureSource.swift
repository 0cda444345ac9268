import KeyTraceCore

/// Keyboard events from a script: one step a line, deterministic timestamps from 0.
/// docs/Script.md describes the notation; in short:
///
/// ```
/// # comment                      dwell 50ms          gap 40ms
/// press cmd+shift+a              press esc for 30ms  type "Hello"
/// down shift    up shift         wait 120ms          repeat down 5
/// focus Window/List/Cell         marker start        repeat-delay 400ms  repeat-interval 30ms
/// disconnect                     (the keyboard goes away: presses in flight are cancelled)
/// ```
/// The whole script is checked when the source is created, so a mistake on any line is a
/// ``CaptureError/Code/syntax`` error naming its line and column before any event is produced.
public final class ScriptCaptureSource: CaptureSource {
    /// Timing defaults; steps `dwell`, `gap`, `repeat-delay` and `repeat-interval` change them.
    public struct Timing: Hashable, Sendable {
        /// How long `press` and each `type` character hold their key: 80 ms.
        public var dwellNs: UInt64 = 80_000_000
        /// The pause between characters of `type`: 40 ms.
        public var gapNs: UInt64 = 40_000_000
        /// From a key going down to its first auto-repeat: 500 ms.
        public var repeatDelayNs: UInt64 = 500_000_000
        /// Between auto-repeats: 33 ms (about 30 a second).
        public var repeatIntervalNs: UInt64 = 33_000_000
        /// The default timing: 80 ms dwell, 40 ms gap, 500 ms repeat delay, 33 ms repeat interval.
        public init() {}
    }

    /// The script's path, or the name given with its text; errors name it.
    public let name: String
    private var events: [CaptureEvent]
    private var index = 0
    /// What the script produced: complete from the start, since the whole script runs when the source is created.
    public private(set) var summary: CaptureSummary

    /// Reads and checks the script at `path`.
    public convenience init(path: String, layout: KeyboardLayout = .usANSI, timing: Timing = Timing()) throws(CaptureError) {
        let reader = LineReader(try InputFile(path: path))
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(line) }
        try self.init(lines: lines, name: path, layout: layout, timing: timing)
    }

    /// Checks a script given as text; `name` appears in errors.
    public convenience init(text: String, name: String = "script", layout: KeyboardLayout = .usANSI,
                            timing: Timing = Timing()) throws(CaptureError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        try self.init(lines: lines, name: name, layout: layout, timing: timing)
    }

    private init(lines: [String], name: String, layout: KeyboardLayout, timing: Timing) throws(CaptureError) {
        self.name = name
        var runner = ScriptRunner(name: name, layout: layout, timing: timing)
        for (offset, line) in lines.enumerated() {
            try runner.run(line, number: offset + 1)
        }
        runner.finish()
        events = runner.events
        summary = runner.summary
    }

    /// The next event of the script, or `nil` after the last; never throws, as every line was checked up front.
    public func next() throws(CaptureError) -> CaptureEvent? {
        guard index < events.count else { return nil }
        defer { index += 1 }
        return events[index]
    }
}

/// Runs script lines, producing events as it goes.
struct ScriptRunner {
    let name: String
    let layout: KeyboardLayout
    var timing: ScriptCaptureSource.Timing
    var events: [CaptureEvent] = []
    var summary = CaptureSummary()
    private var tracker: KeyStateTracker
    private var now: UInt64 = 0
    /// When each held key went down and how many repeats it has produced.
    private var held: [Key: (since: UInt64, repeats: Int)] = [:]
    private var lastDown: Key?
    /// The most auto-repeats a script's `repeat` steps may make in all: each is an event held in
    /// memory until the script is recorded, so a count cannot make a script grow without bound.
    static let maximumRepeats = 1_000_000
    private var repeatsMade = 0

    /// A key a script presses: a Keyboard/Keypad usage, or a media or system key of another page.
    enum Key: Hashable {
        case keyboard(HIDUsage)
        case media(MediaKey)

        var isModifier: Bool { if case .keyboard(let usage) = self { usage.isModifier } else { false } }
    }
    private var line = 0

    static let device = DeviceID(kind: .script)

    init(name: String, layout: KeyboardLayout, timing: ScriptCaptureSource.Timing) {
        self.name = name
        self.layout = layout
        self.timing = timing
        tracker = KeyStateTracker(device: Self.device, layout: layout)
        let info = DeviceInfo(id: Self.device, pollingIntervalNs: 0, identifiedBy: .script)
        summary.record(device: info)
        events.append(.device(info))
    }

    mutating func finish() {
        summary.keysHeldAtEnd = tracker.heldCount
    }

    /// Moves the script's clock on by `ns`; a script whose time would pass 2^64 ns is an error
    /// at `word`, not a wrapped clock.
    private mutating func advance(by ns: UInt64, at word: ScriptWord) throws(CaptureError) {
        let sum = now.addingReportingOverflow(ns)
        guard !sum.overflow else { throw timeOverflow(at: word) }
        now = sum.partialValue
    }

    private func timeOverflow(at word: ScriptWord) -> CaptureError {
        error(word.column, "the script's time passes 2^64 ns (about 584 years) here; shorten its waits")
    }

    private func error(_ column: Int, _ message: String) -> CaptureError {
        CaptureError.syntax(name, line: line, column: column, message)
    }

    // MARK: Lines

    mutating func run(_ text: String, number: Int) throws(CaptureError) {
        line = number
        let words = ScriptWord.split(text)
        guard let keyword = words.first, !keyword.text.hasPrefix("#") else { return }
        summary.packetsRead += 1
        let arguments = Array(words.dropFirst())
        switch keyword.text.lowercased() {
        case "press": try press(arguments, after: keyword)
        case "down": try transition(.began, arguments, after: keyword)
        case "up": try transition(.ended, arguments, after: keyword)
        case "type": try type(text, arguments, after: keyword)
        case "wait": try advance(by: duration(arguments, after: keyword), at: keyword)
        case "repeat": try repeatKey(arguments, after: keyword)
        case "dwell": timing.dwellNs = try duration(arguments, after: keyword)
        case "gap": timing.gapNs = try duration(arguments, after: keyword)
        case "repeat-delay": timing.repeatDelayNs = try duration(arguments, after: keyword)
        case "repeat-interval": timing.repeatIntervalNs = try duration(arguments, after: keyword)
        case "focus":
            let path = ScriptWord.rest(of: text, from: arguments.first)
            guard !path.isEmpty else { throw error(keyword.end, "focus needs a path, e.g. `focus Window/Sidebar/List`") }
            events.append(.focus(path: path, timestamp: now))
        case "disconnect":
            if let extra = arguments.first { throw error(extra.column, "disconnect takes nothing; found '\(extra.text)'") }
            // The keyboard goes away: its keys are no longer down, and no key-up will come for them.
            tracker.releaseAll()
            held = [:]
            lastDown = nil
            summary.markers += 1
            events.append(.marker(CaptureMarker(label: CaptureMarker.keyboardDisconnectLabel, detail: "keyboard disconnected",
                                                timestamp: now, device: Self.device)))
        case "marker":
            guard let label = arguments.first else {
                throw error(keyword.end, "marker needs a label, e.g. `marker start typing`")
            }
            let detail = ScriptWord.rest(of: text, from: arguments.dropFirst().first)
            summary.markers += 1
            events.append(.marker(CaptureMarker(label: label.text, detail: detail, timestamp: now, device: Self.device)))
        default:
            throw error(keyword.column, "unknown step '\(keyword.text)'; steps are press, down, up, type, wait, repeat, "
                + "focus, disconnect, marker, dwell, gap, repeat-delay, repeat-interval, or # for a comment")
        }
    }

    private mutating func press(_ arguments: [ScriptWord], after keyword: ScriptWord) throws(CaptureError) {
        guard let shortcut = arguments.first else {
            throw error(keyword.end, "press needs a key or shortcut, e.g. `press cmd+shift+a` or `press esc`")
        }
        var dwell = timing.dwellNs
        if arguments.count > 1 {
            guard arguments[1].text.lowercased() == "for" else {
                throw error(arguments[1].column, "expected `for DURATION` after the shortcut, e.g. `press esc for 30ms`")
            }
            dwell = try duration(Array(arguments.dropFirst(2)), after: arguments[1])
            if arguments.count > 3 { throw error(arguments[3].column, "unexpected '\(arguments[3].text)' after the duration") }
        }
        let (key, modifiers) = try chord(shortcut)
        try stroke(key, modifiers: modifiers, dwell: dwell, at: keyword)
    }

    private mutating func type(_ text: String, _ arguments: [ScriptWord], after keyword: ScriptWord) throws(CaptureError) {
        guard let first = arguments.first, first.text.hasPrefix("\"") else {
            throw error(arguments.first?.column ?? keyword.end, "type needs a quoted string, e.g. `type \"hello\"`")
        }
        // Re-read the string from the raw line: it may hold spaces and escapes.
        let characters = Array(text)
        var position = first.column  // index just after the opening quote (columns are 1-based)
        var strokes: [(usage: HIDUsage, modifiers: ModifierFlags)] = []
        var closed = false
        while position < characters.count {
            var character = characters[position]
            let column = position + 1
            position += 1
            if character == "\"" { closed = true; break }
            if character == "\\" {
                guard position < characters.count else { break }
                switch characters[position] {
                case "n", "r": character = "\r"
                case "t": character = "\t"
                case "\\": character = "\\"
                case "\"": character = "\""
                default:
                    throw error(position + 1, "unknown escape '\\\(characters[position])'; use \\n \\t \\\\ or \\\"")
                }
                position += 1
            }
            guard let keystroke = layout.keystrokes(typing: character).first else {
                throw error(column, "the \(layout.name) layout cannot type '\(character)'")
            }
            strokes.append((keystroke.usage, keystroke.modifiers))
        }
        guard closed else { throw error(characters.count + 1, "missing closing \" of the string") }
        let rest = String(characters[position...]).trimmingCharacters(inSet: " \t")
        if !rest.isEmpty, !rest.hasPrefix("#") {
            throw error(position + 1, "unexpected text after the string")
        }
        for (index, stroke) in strokes.enumerated() {
            if index > 0 { try advance(by: timing.gapNs, at: keyword) }
            try self.stroke(.keyboard(stroke.usage), modifiers: stroke.modifiers, dwell: timing.dwellNs, at: keyword)
        }
    }

    private mutating func transition(_ phase: KeyPhase, _ arguments: [ScriptWord],
                                     after keyword: ScriptWord) throws(CaptureError) {
        guard let word = arguments.first else {
            throw error(keyword.end, "\(keyword.text) needs one key, e.g. `\(keyword.text) shift`")
        }
        if arguments.count > 1 { throw error(arguments[1].column, "\(keyword.text) takes one key; found '\(arguments[1].text)'") }
        let usage = try key(word)
        if phase == .began, held[usage] != nil {
            throw error(word.column, "'\(word.text)' is already down; add `up \(word.text)` first")
        }
        if phase == .ended, held[usage] == nil {
            throw error(word.column, "'\(word.text)' is not down; `up` releases a key a `down` step pressed")
        }
        emit(phase, usage)
    }

    private mutating func repeatKey(_ arguments: [ScriptWord], after keyword: ScriptWord) throws(CaptureError) {
        var rest = arguments[...]
        var usage: Key?
        if let first = rest.first, Int(first.text) == nil {
            usage = try key(first)
            rest = rest.dropFirst()
        }
        guard let countWord = rest.first, let count = Int(countWord.text), count > 0 else {
            throw error(rest.first?.column ?? arguments.first?.end ?? keyword.end,
                        "repeat needs a count of auto-repeats, e.g. `repeat down 5` or `repeat 5` for the last key pressed")
        }
        if rest.count > 1 { throw error(rest[rest.startIndex + 1].column, "unexpected '\(rest[rest.startIndex + 1].text)'") }
        guard count <= Self.maximumRepeats - repeatsMade else {
            throw error(countWord.column, "a script may make at most \(Self.maximumRepeats) auto-repeats in all "
                        + "(\(repeatsMade) are made before this step); lower the count or split the script")
        }
        repeatsMade += count
        guard let key = usage ?? lastDown, usage != nil || held[key] != nil else {
            throw error(countWord.column, "no key is held to repeat; name one (`repeat down 5`) or hold one with `down`")
        }
        let pressedHere = held[key] == nil
        if pressedHere { emit(.began, key) }
        for _ in 0..<count {
            guard let state = held[key] else { break }
            let repeats = UInt64(state.repeats).multipliedReportingOverflow(by: timing.repeatIntervalNs)
            let delayed = state.since.addingReportingOverflow(timing.repeatDelayNs)
            let due = delayed.partialValue.addingReportingOverflow(repeats.partialValue)
            guard !repeats.overflow, !delayed.overflow, !due.overflow else { throw timeOverflow(at: countWord) }
            now = max(now, due.partialValue)
            held[key] = (state.since, state.repeats + 1)
            emit(.began, key, isRepeat: true)
        }
        if pressedHere {
            try advance(by: timing.repeatIntervalNs, at: countWord)
            emit(.ended, key)
        }
    }

    // MARK: Keys

    /// Presses the modifiers not already held, the key, holds for `dwell`, releases in reverse.
    private mutating func stroke(_ usage: Key, modifiers: ModifierFlags, dwell: UInt64,
                                 at word: ScriptWord) throws(CaptureError) {
        var pressed: [Key] = []
        for flag in ModifierFlags.displayOrder where modifiers.contains(flag) && !tracker.flags.contains(flag) {
            let modifier = Key.keyboard(Self.leftModifier[flag.rawValue] ?? .leftShift)
            emit(.began, modifier)
            pressed.append(modifier)
        }
        emit(.began, usage)
        try advance(by: dwell, at: word)
        emit(.ended, usage)
        for modifier in pressed.reversed() { emit(.ended, modifier) }
    }

    private mutating func emit(_ phase: KeyPhase, _ usage: Key, isRepeat: Bool = false) {
        if phase == .began, !isRepeat {
            held[usage] = (now, 0)
            if !usage.isModifier { lastDown = usage }
        } else if phase == .ended {
            held[usage] = nil
        }
        let press: KeyPress
        switch usage {
        case .keyboard(let usage): press = tracker.press(phase, usage, isRepeat: isRepeat, timestamp: now)
        case .media(let key): press = tracker.press(phase, key.usage, page: key.page, isRepeat: isRepeat, timestamp: now)
        }
        summary.presses += 1
        events.append(.press(press, uncertaintyNs: 0))
    }

    static let leftModifier: [UInt32: HIDUsage] = [
        ModifierFlags.control.rawValue: .leftControl, ModifierFlags.alternate.rawValue: .leftAlt,
        ModifierFlags.shift.rawValue: .leftShift, ModifierFlags.command.rawValue: .leftGUI,
    ]

    static let keyNames: [String: HIDUsage] = [
        "shift": .leftShift, "lshift": .leftShift, "rshift": .rightShift,
        "ctrl": .leftControl, "control": .leftControl, "lctrl": .leftControl, "rctrl": .rightControl,
        "opt": .leftAlt, "alt": .leftAlt, "option": .leftAlt, "lopt": .leftAlt, "ropt": .rightAlt,
        "lalt": .leftAlt, "ralt": .rightAlt,
        "cmd": .leftGUI, "command": .leftGUI, "lcmd": .leftGUI, "rcmd": .rightGUI,
        "capslock": .capsLock, "fwddelete": .deleteForward, "forwarddelete": .deleteForward, "insert": .insert,
    ]

    /// One key: a modifier or extra name above, `0xNN` for any usage, a media key
    /// (``MediaKey``: `volume-up`, `play-pause`, `sleep`), or a shortcut-notation key.
    private func key(_ word: ScriptWord) throws(CaptureError) -> Key {
        let lower = word.text.lowercased()
        if let usage = Self.keyNames[lower] { return .keyboard(usage) }
        let (key, _) = try chord(word, allowModifiers: false)
        return key
    }

    /// A shortcut (`cmd+shift+a`, `⌘A`, `esc`) as a key and the modifiers it needs, including
    /// those the layout needs to type its character (`cmd++` is ⌘⇧=).
    private func chord(_ word: ScriptWord, allowModifiers: Bool = true) throws(CaptureError) -> (Key, ModifierFlags) {
        let lower = word.text.lowercased()
        if let usage = Self.keyNames[lower] { return (.keyboard(usage), []) }
        if lower.hasPrefix("0x"), let raw = UInt16(lower.dropFirst(2), radix: 16), raw <= 0xE7 { return (.keyboard(HIDUsage(raw)), []) }
        if let (key, modifiers) = MediaKey.chord(word.text) {
            if !allowModifiers, !modifiers.isEmpty {
                throw error(word.column, "one key only here; use `press` for a shortcut with modifiers")
            }
            return (.media(key), modifiers)
        }
        let shortcut: KeyShortcut
        do {
            shortcut = try KeyShortcut(word.text)
        } catch let notation as NotationError {
            throw error(word.column + notation.column - 1, notation.reason + Self.mediaHint(notation))
        } catch {
            throw self.error(word.column, "cannot read '\(word.text)'")
        }
        if !allowModifiers, !shortcut.modifiers.isEmpty {
            throw error(word.column, "one key only here; use `press` for a shortcut with modifiers")
        }
        switch shortcut.input {
        case .special(let special):
            return (.keyboard(special.usage), shortcut.modifiers)
        case .character(let string):
            guard let character = string.first,
                  let keystroke = layout.keystrokes(typing: character).first
                    ?? layout.keystrokes(typing: Character(string.uppercased())).first
            else { throw error(word.column, "the \(layout.name) layout has no key for '\(string)'") }
            return (.keyboard(keystroke.usage), allowModifiers ? shortcut.modifiers.union(keystroke.modifiers) : [])
        }
    }

    /// An unknown key word may have been meant as a media key: say how those are written.
    private static func mediaHint(_ notation: NotationError) -> String {
        notation.reason.hasPrefix("unknown key") ? ", a media key (volume-up, play-pause, consumer-0xNNNN) or a system key (power, sleep, wake)" : ""
    }

    // MARK: Durations

    private func duration(_ arguments: [ScriptWord], after keyword: ScriptWord) throws(CaptureError) -> UInt64 {
        guard let word = arguments.first else {
            throw error(keyword.end, "\(keyword.text) needs a duration such as 120ms, 1.5s, 500us or 40ns")
        }
        if arguments.count > 1 { throw error(arguments[1].column, "unexpected '\(arguments[1].text)' after the duration") }
        guard let value = ScriptWord.duration(word.text) else {
            throw error(word.column, "'\(word.text)' is not a duration; write a number and a unit: ns, us (µs), ms or s")
        }
        return value
    }
}

/// A whitespace-separated word of a script line with its 1-based column. A word starting with
/// `"` runs to the closing quote.
struct ScriptWord {
    var text: String
    var column: Int
    /// The column just after the word.
    var end: Int { column + text.count }

    static func split(_ line: String) -> [ScriptWord] {
        let characters = Array(line)
        var words: [ScriptWord] = []
        var position = 0
        while position < characters.count {
            if characters[position] == " " || characters[position] == "\t" { position += 1; continue }
            let start = position
            if characters[position] == "\"" {
                position += 1
                while position < characters.count, characters[position] != "\"" {
                    position += characters[position] == "\\" ? 2 : 1
                }
                position = min(position + 1, characters.count)
            } else {
                while position < characters.count, characters[position] != " ", characters[position] != "\t" { position += 1 }
            }
            words.append(ScriptWord(text: String(characters[start..<position]), column: start + 1))
        }
        return words
    }

    /// The line from `word` to its end, trimmed; empty without a word.
    static func rest(of line: String, from word: ScriptWord?) -> String {
        guard let word else { return "" }
        return String(Array(line)[(word.column - 1)...]).trimmingCharacters(inSet: " \t")
    }

    /// `120ms`, `1.5s`, `500us`, `500µs`, `40ns` in nanoseconds.
    static func duration(_ text: String) -> UInt64? {
        let units: [(String, UInt64)] = [("ns", 1), ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000)]
        for (unit, scale) in units where text.hasSuffix(unit) {
            let number = String(text.dropLast(unit.count))
            let parts = number.split(separator: ".", omittingEmptySubsequences: false)
            guard !number.isEmpty, parts.count <= 2,
                  parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  !parts[0].isEmpty, let whole = UInt64(parts[0])
            else { return nil }
            var value = whole.multipliedReportingOverflow(by: scale)
            guard !value.overflow else { return nil }
            if parts.count == 2 {
                guard !parts[1].isEmpty, parts[1].count <= 9, let fraction = UInt64(parts[1]) else { return nil }
                var divisor: UInt64 = 1
                for _ in 0..<parts[1].count { divisor *= 10 }
                value = value.partialValue.addingReportingOverflow(fraction * scale / divisor)
                guard !value.overflow else { return nil }
            }
            return value.partialValue
        }
        return nil
    }
}
