import Scenes

extension ImportReport {
    /// The report's first lines: the key window's root and how it was decided, the first
    /// responder, how many controllers the scene could not place, and how many screens it
    /// reaches as states.
    public var keyWindowLines: [String] {
        var out: [String] = []
        if let root = keyWindow.root {
            let place = keyWindow.file.map { " at \($0):\(keyWindow.line ?? 0)" } ?? ""
            out.append("Key window: root \(root) (decided by: \(keyWindow.decidedBy ?? "import")\(place))")
        } else {
            out.append("Key window: no root (the source shows no window root and no controller with commands)")
        }
        if let advice = keyWindow.advice { out.append("  To decide it: \(advice)") }
        if let firstResponder = keyWindow.firstResponder {
            out.append("First responder: \(firstResponder) (\(keyWindow.firstResponderReason))")
        } else {
            out.append("First responder: \(keyWindow.firstResponderReason)")
        }
        let commandsLeft = unresolved.filter { $0.reason.hasPrefix("declared but not reachable") }.count
        out.append("Unplaced controllers: \(unplaced.count)" + (unplaced.isEmpty ? "" : " holding \(commandsLeft) command(s) the scene cannot reach; "
            + "place each with one overlay line under \"place\", e.g. \"\(unplaced[0].type)\": {\"presentedBy\": \"\(keyWindow.root ?? "RootViewController")\"}"))
        out.append("States: \(states.count)" + (states.isEmpty ? "" : " screen\(states.count == 1 ? "" : "s") the user reaches from launch "
            + "(keytrace scene states SCENE lists them; --state NAME enters one)"))
        out.append("")
        return out
    }

    /// What a user can do when the key window's root was not read from an entry point: import
    /// the storyboards or `Info.plist` the import did not see, or name the root in the overlay.
    static func keyWindowAdvice(_ decision: WindowPlan.Decision?, model: AppModel) -> String? {
        guard decision == nil || decision == .guessed || decision == .rootClassTest else { return nil }
        let overlay = "name the root with the overlay's \"keyWindow\""
        if !model.missingEntryStoryboards.isEmpty {
            let names = model.missingEntryStoryboards.joined(separator: ", ")
            return "the Info.plist names the storyboard \(names) for the app's window, which the imported folders do not hold: "
                + "import the folder holding it, or \(overlay)"
        }
        if !model.readsInfoPlist {
            return "the imported folders hold no Info.plist and no entry point (an app or scene delegate, a SwiftUI App) that sets a "
                + "window's root: import the app's whole folder, or \(overlay)"
        }
        return "no entry point the import follows sets a window's root: \(overlay)"
    }

    static func placementLine(_ entry: Placement) -> String {
        let place = entry.file.map { "\($0):\(entry.line ?? 0): " } ?? ""
        let holding = entry.contains.isEmpty ? "" : " (holding \(entry.contains.joined(separator: ", ")))"
        return "\(place)\(entry.type)\(holding): \(entry.reason)"
    }

    /// The report for people: the key window, counts, findings, unresolved commands, unplaced
    /// types, then every command with its place in the source.
    public var text: String {
        var out: [String] = keyWindowLines
        let objectiveC = objectiveCFiles == 0 ? "" : " and \(objectiveCFiles) Objective-C files"
        out.append("Read \(files) Swift files\(objectiveC), \(self.lines + objectiveCLines) lines: \(commands.count) key commands.")
        out.append("  " + countsByMechanism.map { "\($0.mechanism.rawValue) \($0.count)" }.joined(separator: ", "))
        let conditional = commands.filter(\.conditional).count
        let flags = stateFlags.count == 1 ? "1 state flag" : "\(stateFlags.count) state flags"
        out.append("  \(conditional) conditional → \(flags) (one per distinct condition, a test and its negation sharing one; "
            + "each at its launch value where the source fixes it, else so the test's commands show)")
        if let sceneError {
            out.append("  the generated scene does not load: \(sceneError)")
        }
        if !getterCosts.isEmpty {
            out.append("")
            out.append("keyCommands getters (UIKit calls each on every key press)")
            for cost in getterCosts {
                let kind = cost.computed ? "builds \(cost.commandsBuiltPerCall) command(s) per call" : "returns \(cost.storedCommands) stored command(s)"
                let extra = cost.costly.isEmpty ? "" : "; also " + cost.costly.joined(separator: ", ")
                out.append("  \(cost.type): \(kind)\(extra)")
            }
        }
        if !findings.isEmpty {
            out.append("")
            out.append("Findings")
            for kind in Finding.Kind.allCases {
                let group = findings.filter { $0.kind == kind }
                guard !group.isEmpty else { continue }
                out.append("  \(kind.rawValue) (\(group.count))")
                for finding in group {
                    let place = finding.file.isEmpty ? "" : "\(finding.file):\(finding.line): "
                    out.append("    \(place)\(finding.message)")
                }
            }
        }
        if !unresolved.isEmpty {
            out.append("")
            out.append("Not in the scene (\(unresolved.count))")
            for entry in unresolved {
                out.append("  \(entry.command.file):\(entry.command.line): \(entry.command.declaredIn) \(entry.command.mechanism.rawValue) \(entry.command.displayShortcut) → \(entry.command.action ?? "?"): \(entry.reason)")
            }
        }
        if !containment.isEmpty {
            out.append("")
            out.append("Containment the source shows")
            for edge in containment { out.append("  \(edge)") }
        }
        if !unplaced.isEmpty {
            out.append("")
            out.append("Not placed: declared, but not reachable in the scene (\(unplaced.count))")
            for entry in unplaced { out.append("  " + Self.placementLine(entry)) }
        }
        if !conditionalWindows.isEmpty {
            out.append("")
            out.append("Windows shown only under a condition, never key (\(conditionalWindows.count))")
            for entry in conditionalWindows { out.append("  " + Self.placementLine(entry)) }
        }
        out.append("")
        out.append("Commands")
        for command in commands {
            var line = "  \(command.file):\(command.line): \(command.declaredIn) \(command.mechanism.rawValue) \(command.displayShortcut)"
            line += " → \(command.action ?? "(SwiftUI)")"
            if let title = command.title { line += " \"\(title)\"" }
            if let condition = command.condition { line += " when \(condition.text)" }
            out.append(line)
        }
        return out.joined(separator: "\n") + "\n"
    }
}
