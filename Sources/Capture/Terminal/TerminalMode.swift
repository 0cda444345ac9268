import KeyTraceSupport

/// The terminal settings saved before raw mode, kept where a signal handler can reach them
/// without allocating or locking: plain globals written before the handlers are installed.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var savedDescriptor: Int32 = -1
/// 1 while raw mode is on and `savedSettings` must be put back.
nonisolated(unsafe) private var needsRestore: sig_atomic_t = 0
/// 1 while the kitty keyboard protocol is pushed and must be popped (`CSI < u`).
nonisolated(unsafe) private var needsProtocolPop: sig_atomic_t = 0
nonisolated(unsafe) private var previousActions: [sigaction] = []

/// What a fatal signal does while the terminal is raw: put the terminal back as it was, then
/// die of the same signal (the default action, re-raised). Only async-signal-safe calls.
private func restoreTerminalAndReraise(_ signalNumber: Int32) {
    TerminalMode.restoreFromAnyContext()
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

/// Raw mode for one terminal, restored on every exit path.
///
/// ```
///  enter(fd) ── tcgetattr → saved globals ── handlers for SIGINT SIGTERM SIGHUP SIGQUIT ── raw
///     │
///  restore() ◀─ end of capture, EOF, error, deinit of the source
///  handler   ◀─ a fatal signal: restore, SIG_DFL, raise(signal)
/// ```
///
/// Raw here means: no echo, no canonical (line) mode, no signal characters (⌃C, ⌃Z, ⌃\ arrive
/// as keys), no extended input processing, no CR→NL translation, no flow control (⌃S, ⌃Q
/// arrive as keys), 8-bit characters; reads return as soon as one byte is there. Output
/// processing is left on, so messages still print properly.
enum TerminalMode {
    static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Saves the settings of `descriptor`, installs the restoring signal handlers and switches
    /// to raw mode. Throws the `errno` of a failing call.
    static func enter(_ descriptor: Int32) throws(CaptureError) {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            throw CaptureError.terminalFailed("cannot read the terminal settings (tcgetattr)", errno: errno)
        }
        savedSettings = settings
        savedDescriptor = descriptor
        needsRestore = 1
        previousActions = handledSignals.map { signalNumber in
            var action = sigaction()
            var previous = sigaction()
            SystemCalls.setHandler(restoreTerminalAndReraise, of: &action)
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signalNumber, &action, &previous)
            return previous
        }
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | BRKINT | INPCK | ISTRIP)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSAFLUSH, &raw) == 0 else {
            let code = errno
            restore()
            throw CaptureError.terminalFailed("cannot switch the terminal to raw mode (tcsetattr)", errno: code)
        }
    }

    /// Notes that the kitty keyboard protocol was pushed, so every exit path pops it.
    static func protocolPushed() { needsProtocolPop = 1 }

    /// Puts the terminal back and the previous signal actions; safe to call more than once.
    static func restore() {
        let wasRaw = needsRestore != 0
        restoreFromAnyContext()
        guard wasRaw else { return }
        for (signalNumber, previous) in zip(handledSignals, previousActions) {
            // Leave a handler someone installed after ours alone (e.g. the CLI's stop handlers).
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            let ours = SystemCalls.handlerAddress(of: current)
            let handler: @convention(c) (Int32) -> Void = restoreTerminalAndReraise
            if ours == unsafeBitCast(handler, to: Optional<UnsafeRawPointer>.self) {
                var previous = previous
                sigaction(signalNumber, &previous, nil)
            }
        }
        previousActions = []
    }

    /// The async-signal-safe part: pop the keyboard protocol, put the settings back.
    static func restoreFromAnyContext() {
        guard needsRestore != 0 else { return }
        if needsProtocolPop != 0 {
            needsProtocolPop = 0
            let pop: (UInt8, UInt8, UInt8, UInt8) = (0x1B, 0x5B, 0x3C, 0x75)  // CSI < u
            var bytes = pop
            _ = withUnsafeBytes(of: &bytes) { write(savedDescriptor, $0.baseAddress, 4) }
        }
        needsRestore = 0
        tcsetattr(savedDescriptor, TCSAFLUSH, &savedSettings)
    }
}
