import Foundation
import Testing
import KeyTraceCore
import TraceFormat
@testable import Capture
import CLITestSupport

/// The tmux executable, when one is installed.
private let installedTmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// `keytrace record --terminal` in a real terminal: tmux runs it in a detached session,
/// `send-keys` types, and the trace and the terminal settings afterwards are checked.
/// Reported as skipped when tmux is missing (Scripts/install-oracles.sh installs it); a missing
/// `keytrace` binary beside the tests is a failure.
@Suite(.serialized, .enabled(if: installedTmux != nil, "tmux is not installed (sh Scripts/install-oracles.sh installs it)"))
struct TerminalTmuxTests {
    static let tmux = installedTmux

    /// A tmux server of its own (`-L`), so nothing touches the user's sessions.
    final class Session {
        let tmux: String
        let socket = "keytrace-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        init(tmux: String, command: String) throws {
            self.tmux = tmux
            try quietly(["-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", command])
        }
        deinit {
            _ = try? quietly(["kill-server"])
            let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
            try? FileManager.default.removeItem(atPath: "\(directory)/tmux-\(getuid())/\(socket)")
        }
        /// Runs tmux through posix_spawn and waitpid, with no pipes: the server a client
        /// starts keeps inherited descriptors, and Foundation's Process does not always reap it.
        @discardableResult
        func quietly(_ arguments: [String], output: String = "/dev/null") throws -> String {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = ([tmux, "-L", socket] + arguments).map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, tmux, &actions, nil, argv, environ) == 0 else {
                throw RunError(message: "cannot start tmux")
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return output == "/dev/null" ? "" : ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
        }
        func send(_ keys: String...) throws { try quietly(["send-keys", "-t", "0"] + keys) }
        func type(_ text: String) throws { try quietly(["send-keys", "-t", "0", "-l", text]) }
        func panePID() throws -> Int32? {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).pid").path
            defer { try? FileManager.default.removeItem(atPath: file) }
            return Int32(try quietly(["display-message", "-p", "-t", "0", "#{pane_pid}"], output: file)
                .trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    func prerequisites() -> (tmux: String, binary: String)? {
        guard let tmux = Self.tmux, let binary = CLIRunner.binary else {
            Issue.record("the keytrace binary was not found beside the tests; run swift build first")
            return nil
        }
        return (tmux, binary)
    }

    func waitFor(_ path: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 { return true }
            usleep(50_000)
        }
        return false
    }

    /// Waits until the pane's shell has a child (keytrace started and entered raw mode).
    func waitForChild(of session: Session) throws -> Int32? {
        guard let shell = try session.panePID() else { return nil }
        for _ in 0..<100 {
            if let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8),
               let child = children.split(separator: " ").first.flatMap({ Int32($0) }) {
                usleep(500_000)  // the query for the kitty protocol times out before keys are read
                return child
            }
            usleep(50_000)
        }
        return nil
    }

    func presses(_ trace: String) throws -> [KeyPress] {
        try TraceReader(path: trace).compactMap { record in
            if case .key(let key) = record { return key.press }
            return nil
        }
    }

    func restored(_ settings: String) -> Bool {
        let words = Set(settings.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }))
        return words.contains("echo") && words.contains("icanon") && words.contains("isig")
    }

    @Test func recordsTypedTextArrowsAndControlKeysUntilTheStopKeyAndRestoresTheTerminal() throws {
        guard let (tmux, binary) = prerequisites() else { return }
        let directory = try TemporaryDirectory()
        let trace = directory.path("terminal.ktrace"), settings = directory.path("stty.txt")
        let session = try Session(tmux: tmux, command: "sh -c '\(binary) record --terminal -o \(trace); stty -a > \(settings)'")
        #expect(try waitForChild(of: session) != nil)
        try session.type("Hi!")
        try session.send("Up", "Left", "C-c", "M-x", "F5", "PageUp", "Escape")
        usleep(200_000)  // let the lone Escape time out before the stop key
        try session.send("C-]")
        #expect(waitFor(settings), "the terminal settings were not written after the capture")
        let presses = try presses(trace)
        let downs = presses.filter { $0.phase == .began }.map { $0.shortcutDescription }
        #expect(downs == ["Left Shift", "⇧H", "I", "Left Shift", "⇧!", "↑", "←", "Left Control", "⌃C", "Left Option", "⌥X",
                          "F5", "⇞", "⎋"])
        #expect(presses.filter { $0.phase == .ended }.count == downs.count)
        #expect(zip(presses, presses.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        #expect(presses.allSatisfy { $0.device == DeviceID(kind: .terminal) })
        let stty = try String(contentsOfFile: settings, encoding: .utf8)
        #expect(restored(stty), "terminal not restored: \(stty)")
    }

    @Test func aHangupRestoresTheTerminalAndSIGTERMFinishesTheTrace() throws {
        guard let (tmux, binary) = prerequisites() else { return }
        let directory = try TemporaryDirectory()
        for (signal, name) in [(SIGHUP, "hup"), (SIGTERM, "term")] {
            let trace = directory.path("\(name).ktrace"), settings = directory.path("\(name).txt")
            let session = try Session(tmux: tmux, command: "sh -c '\(binary) record --terminal -o \(trace); stty -a > \(settings)'")
            let child = try waitForChild(of: session)
            #expect(child != nil)
            try session.type("ab")
            usleep(300_000)
            if let child { kill(child, signal) }
            #expect(waitFor(settings), "no settings after \(name)")
            let stty = (try? String(contentsOfFile: settings, encoding: .utf8)) ?? ""
            #expect(restored(stty), "terminal not restored after SIG\(name.uppercased()): \(stty)")
            if signal == SIGTERM {
                // SIGTERM stops the capture cleanly: the trace holds what was typed.
                #expect(try presses(trace).filter { $0.phase == .began }.map(\.usage) == [.a, HIDUsage(0x05)])
            }
        }
    }
}
