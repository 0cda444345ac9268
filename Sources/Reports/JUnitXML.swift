/// Text escaped for JUnit XML attributes and element content, shared by the comparison reports.
enum JUnitXML {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as entities.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
