import KeyTraceCore

extension ResolutionExplanation {
    /// The explanation as text (`keytrace scene resolve`): the press and its chain, every
    /// candidate in visiting order with its bucket, fidelity and verdict, and the result. Each
    /// line ends with a newline.
    public var text: String {
        var lines: [String] = []
        let keyName = press.isKeyboardKey ? press.keyName : "\(press.usagePage.name) page \(press.keyName)"
        lines.append("\(press.shortcutDescription) (\(keyName)) \(startText)" + (textInputActive ? ", text input active" : ""))
        lines.append("chain: \(chain)")
        if let system, candidates.isEmpty {
            lines.append(Self.systemLine(system))
        } else if !press.isKeyboardKey {
            lines.append("no key command matches: UIKit matches key commands against Keyboard/Keypad keys only; "
                + "the press goes to pressesBegan along the chain")
        } else if candidates.isEmpty, textInputActive, let textInputEdit {
            lines.append("no key command matches; result: text input uses the key (\(textInputEdit))")
        } else if candidates.isEmpty {
            lines.append("no key command matches; the press goes to pressesBegan along the chain")
        } else {
            lines.append("candidates, in the order they are visited:")
            for (index, candidate) in candidates.enumerated() {
                let title = candidate.command.displayTitle.map { " \"\($0)\"" } ?? ""
                lines.append("  \(index + 1). \(candidate.command.shortcut)\(title) \(candidate.command.action?.name ?? "") from \(candidate.provider)"
                    + "  [bucket \(candidate.bucket), fidelity \(candidate.fidelity)\(candidate.deferred ? ", deferred" : "")]")
                lines.append("     → \(candidate.verdict.text)\(candidate.target.map { " (target \($0))" } ?? "")")
            }
            lines.append(resultLine)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// What the press does in the end, as the last line of ``text``.
    private var resultLine: String {
        if let system { return Self.systemLine(system) }
        if let winner {
            return "result: performs \(winner.command.action?.name ?? "") on \(winner.target?.description ?? "?")"
        }
        guard candidates.contains(where: { $0.verdict == .deferredBehindTextInput }) else {
            return "result: no command fires; the press goes to pressesBegan along the chain"
        }
        if let textInputEdit {
            return "result: text input uses the key (\(textInputEdit)); the deferred command does not run"
        }
        return "result: text input declines the key; the deferred command runs"
    }

    /// Where the chain starts: the first responder, the stand-in for a missing one (R10), or the
    /// key window when nothing stands in.
    private var startText: String {
        switch chainStartKind {
        case .firstResponder: return "with first responder \(chain.start?.description ?? "(none)")"
        case .standIn: return "with no first responder; \(chain.start?.description ?? "(none)") stands in (--first-responder-fallback deepest-controller)"
        case .noFirstResponder: return "with no first responder (the walk starts at \(chain.start?.description ?? "the application"))"
        }
    }

    private static func systemLine(_ system: SystemShortcut) -> String {
        "result: \(system.platform.displayName) takes \(system.shortcut) (\(system.effect)); the app never sees the press"
    }
}
