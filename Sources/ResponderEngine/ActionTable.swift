import KeyTraceCore

/// A small map from actions to values, searched linearly by the actions' precomputed
/// fingerprints. Responders implement a handful of actions, and target search asks several
/// responders per key press: a scan of a few 64-bit compares beats hashing each time.
struct ActionTable<Value> {
    private var fingerprints: ContiguousArray<UInt64> = []
    private var actions: ContiguousArray<Action> = []
    private var values: ContiguousArray<Value> = []

    @inline(__always)
    private func index(of action: Action) -> Int? {
        let fingerprint = action.fingerprint
        for i in fingerprints.indices where fingerprints[i] == fingerprint && actions[i] == action { return i }
        return nil
    }

    subscript(action: Action) -> Value? {
        get { index(of: action).map { values[$0] } }
        set {
            if let i = index(of: action) {
                if let newValue { values[i] = newValue } else {
                    fingerprints.remove(at: i)
                    actions.remove(at: i)
                    values.remove(at: i)
                }
            } else if let newValue {
                fingerprints.append(action.fingerprint)
                actions.append(action)
                values.append(newValue)
            }
        }
    }

    /// Whether `action` has a value.
    func contains(_ action: Action) -> Bool { index(of: action) != nil }

    /// The actions with values.
    var keys: ContiguousArray<Action> { actions }
}
