/// What one provider's run logged, handed back by value: the commands its code created and
/// those it passed to `addKeyCommand(_:)`, each under the conditions it ran under.
struct RunLog {
    var created: [Value.Item]
    var added: [Value.Item]
}

extension Evaluator {
    /// Runs `body` as provider `name` (its steps counted on their own, ``WorkMeter``) in `mode`,
    /// from empty logs, and hands back `body`'s result and what the run logged. The logs are
    /// the evaluator's own: no caller reads or clears them.
    func run<Result>(asProvider name: String, mode: Mode = .responder, _ body: () -> Result) -> (result: Result, log: RunLog) {
        created = []
        added = []
        beginProvider(name)
        self.mode = mode
        let result = body()
        let log = RunLog(created: created, added: added)
        created = []
        added = []
        self.mode = .responder
        return (result, log)
    }

    /// Runs `body` with SwiftUI shortcut logging on, and hands back every `.keyboardShortcut(…)`
    /// it reached, each with the conditions it ran under; logging is off again afterwards.
    func collectingShortcuts(_ body: () -> Void) -> [LoggedShortcut] {
        shortcutLog = []
        body()
        let logged = shortcutLog ?? []
        shortcutLog = nil
        return logged
    }
}
