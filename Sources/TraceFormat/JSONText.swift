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

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let h = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
