import KeyTraceCore
import KeyTraceSupport

/// Keys typed into the terminal on standard input, with no privileges.
///
/// ```
///  stdin ─read─▶ TerminalDecoder ─TerminalKey─▶ TerminalPressSynthesizer ─KeyPress─▶ next()
///    │  raw mode (TerminalMode), poll 50 ms: a quiet ESC is Escape; the stopper is checked
///    └─ at start: `CSI ? u` + `CSI c`; a `CSI ? flags u` answer before the `CSI ? … c` answer
///       means the kitty keyboard protocol: push `CSI > 11 u`, pop `CSI < u` at the end
/// ```
///
/// The capture ends at the stop key **⌃]** (not recorded), at end of input (EOF, e.g. the
/// terminal hung up or a pipe closed), or when ``stopper`` is stopped; keys still down are then
/// released. Timestamps are `CLOCK_MONOTONIC` nanoseconds when the bytes were read. When
/// standard input is not a terminal (a pipe or file), its bytes are decoded the same way
/// without touching any terminal settings, until EOF. The terminal is restored on every exit
/// path: the end of the capture, an error, `deinit`, and SIGINT, SIGTERM, SIGHUP or SIGQUIT
/// (restored, then the signal is re-raised).
public final class TerminalCaptureSource: StreamingCaptureSource {
    /// Which key encoding to ask the terminal for.
    public enum KeyboardProtocol: String, Sendable, CaseIterable {
        /// The kitty protocol when the terminal answers its query, else legacy sequences.
        case auto
        /// Legacy sequences only (no query sent).
        case legacy
    }

    /// Kitty progressive-enhancement flags pushed: 1 disambiguate escape codes, 2 report
    /// event types (press, repeat, release), 8 report all keys as escape codes (so text keys
    /// and modifier keys have releases too).
    public static let kittyFlags = 11
    /// How long a lone ESC waits for the rest of a sequence before it counts as Escape.
    public static let escapeTimeoutMs: Int32 = 50
    /// How long to wait for the terminal's answer to the protocol query.
    public static let queryTimeoutMs: Int32 = 500

    /// The file descriptor read from: standard input (0) unless another was given.
    public let descriptor: Int32
    /// Whether the descriptor is a terminal (raw mode was entered).
    public let isTerminal: Bool
    /// Whether the kitty keyboard protocol is in use (real releases and repeats).
    public private(set) var usesKittyProtocol = false
    /// Stops the capture from another thread (the CLI's SIGINT/SIGTERM handling).
    public let stopper = CaptureStopper()
    /// What has been captured so far; complete once ``next()`` returned `nil` or threw.
    public private(set) var summary = CaptureSummary()

    private var decoder: TerminalDecoder
    private var synthesizer: TerminalPressSynthesizer
    var pending = PendingEvents()
    private var active = false

    /// Starts capturing from `descriptor` (standard input by default). On a terminal this
    /// enters raw mode and, with `.auto`, asks for the kitty keyboard protocol.
    public init(descriptor: Int32 = 0, keyboardProtocol: KeyboardProtocol = .auto,
                layout: KeyboardLayout = .usANSI) throws(CaptureError) {
        self.descriptor = descriptor
        decoder = TerminalDecoder(layout: layout)
        synthesizer = TerminalPressSynthesizer(layout: layout)
        isTerminal = isatty(descriptor) != 0
        let info = DeviceInfo(id: TerminalPressSynthesizer.device, pollingIntervalNs: 0, identifiedBy: .terminal,
                              name: isTerminal ? Self.terminalName(descriptor) : "standard input")
        summary.record(device: info)
        pending.events.append(.device(info))
        if isTerminal {
            try TerminalMode.enter(descriptor)
            active = true
            if keyboardProtocol == .auto { negotiate() }
        }
    }

    deinit { restore() }

    /// Puts the terminal back as it was; the capture ends. Safe to call more than once.
    public func restore() {
        guard active else { return }
        active = false
        TerminalMode.restore()
    }

    /// Waits for input and decodes it (``next()`` comes from ``StreamingCaptureSource``, and ends
    /// after the stop key ⌃], end of input or a stop request).
    ///
    /// Waits up to ``escapeTimeoutMs`` per read, so a lone ESC becomes Escape and the stopper is
    /// noticed. A failed read throws; the releases of keys still down follow on the next calls.
    func readMore() throws(CaptureError) {
        do {
            try readOnce(timeoutMs: Self.escapeTimeoutMs)
        } catch {
            end()
            throw error
        }
    }

    func endInput() { end() }

    // MARK: Reading

    private static func now() -> UInt64 { MonotonicTime.nanoseconds() }

    /// Waits up to `timeoutMs` for input and decodes what came; on a quiet wait, flushes a
    /// held ESC. Returns whether bytes were read.
    @discardableResult
    private func readOnce(timeoutMs: Int32) throws(CaptureError) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, timeoutMs)
        if ready < 0 {
            if errno == EINTR { return false }
            throw CaptureError.terminalFailed("waiting for input failed (poll)", errno: errno)
        }
        if ready == 0 {
            if decoder.hasPending { handle(decoder.flush(), at: Self.now()) }
            return false
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        let time = Self.now()
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return false }
            throw CaptureError.terminalFailed("reading standard input failed", errno: errno)
        }
        if count == 0 {
            handle(decoder.flush(), at: time)
            end(at: time)
            return false
        }
        summary.packetsRead += 1
        handle(decoder.feed(buffer[..<count]), at: time)
        return true
    }

    private func handle(_ inputs: [TerminalInput], at time: UInt64) {
        for input in inputs where !pending.isFinished {
            switch input {
            case .key(let key):
                if key.usage == .closeBracket, key.modifiers.matchingSubset == .control, key.kind != .release {
                    end(at: time)
                    return
                }
                let before = synthesizer.unmatched
                for press in synthesizer.presses(for: key, arrivedAt: time) {
                    summary.presses += 1
                    pending.events.append(.press(press, uncertaintyNs: 0))
                }
                if synthesizer.unmatched > before { summary.skip(.releaseWithoutPress) }
            case .keyboardProtocolFlags, .deviceAttributes, .unsupported:
                summary.skip(.unsupportedSequence)
            case .untypeable:
                summary.skip(.unmappedKey)
            case .malformed:
                summary.skip(.malformed)
            }
        }
    }

    private func end(at time: UInt64 = TerminalCaptureSource.now()) {
        guard !pending.isFinished else { return }
        pending.finish()
        for press in synthesizer.releaseAll(at: time) {
            summary.presses += 1
            pending.events.append(.press(press, uncertaintyNs: 0))
        }
        summary.keysHeldAtEnd = 0
        restore()
    }

    // MARK: The kitty keyboard protocol

    /// Asks whether the terminal speaks the kitty protocol; keys typed meanwhile are kept.
    private func negotiate() {
        writeSequence("\u{1B}[?u\u{1B}[c")
        var supported = false
        var answered = false
        let deadline = Self.now() + UInt64(Self.queryTimeoutMs) * 1_000_000
        while !answered, Self.now() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let remaining = Int32((deadline - min(deadline, Self.now())) / 1_000_000)
            guard poll(&poller, 1, max(remaining, 1)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            let time = Self.now()
            var keys: [TerminalInput] = []
            for input in decoder.feed(buffer[..<count]) {
                switch input {
                case .keyboardProtocolFlags: supported = true
                case .deviceAttributes: answered = true
                default: keys.append(input)
                }
            }
            handle(keys, at: time)
        }
        if supported {
            writeSequence("\u{1B}[>\(Self.kittyFlags)u")
            TerminalMode.protocolPushed()
            decoder.reportsEventTypes = true
            usesKittyProtocol = true
        }
    }

    private func writeSequence(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    private static func terminalName(_ descriptor: Int32) -> String {
        guard let name = ttyname(descriptor) else { return "terminal" }
        return String(cString: name)
    }
}
