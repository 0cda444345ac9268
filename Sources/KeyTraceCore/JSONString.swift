/// JSON string literals, shared by every JSON writer of the package (traces, scenes, reports).
public enum JSONString {
    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func quote(_ s: String) -> String {
        // Most strings (names, paths, characters) need no escape: one pass over the bytes.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
            var out = "\""
            out.reserveCapacity(s.utf8.count + 2)
            out += s
            out += "\""
            return out
        }
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
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
