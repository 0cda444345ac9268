/// HTML escaping for text and attribute values: the one place the HTML pages KeyTrace writes
/// (the analysis report, the menu bar and overlay pages) escape what they show.
package enum HTMLText {
    /// `s` with `&`, `<`, `>` and `"` replaced by their character references.
    package static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
