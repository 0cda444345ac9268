import KeyTraceCore

/// Builds one JSON object with keys in insertion order, for stable, diffable JSON Lines.
struct JSONObject {
    private var text = "{"
    private var first = true

    private mutating func key(_ name: String) {
        if !first { text += "," }
        first = false
        text += "\"" + name + "\":"
    }

    mutating func add(_ name: String, _ value: String?) {
        key(name)
        if let value { text += JSONObject.quote(value) } else { text += "null" }
    }

    mutating func add(_ name: String, _ value: UInt64?) {
        key(name)
        text += value.map { String($0) } ?? "null"
    }

    mutating func add(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    mutating func addRaw(_ name: String, _ json: String) {
        key(name)
        text += json
    }

    var string: String { text + "}" }

    static func quote(_ s: String) -> String { JSONString.quote(s) }
}
