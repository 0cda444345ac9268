import Foundation

/// English localised strings, for titles written as `NSLocalizedString("key", …)`,
/// `String(localized:)`, `"key".localized` and similar.
///
/// Reads `.strings` tables in both of their forms: the text form (`"key" = "value";`) and the
/// property-list form (XML or binary), and String Catalogs (`.xcstrings`, JSON), whose English
/// text for each key it takes.
package struct StringsTable: Sendable {
    private(set) var values: [String: String] = [:]

    package init() {}

    package init(files: [some ResourceFile]) {
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            if file.path.hasSuffix(Self.catalogExtension) {
                values.merge(Self.catalogValues(data)) { old, _ in old }
            } else {
                add(data)
            }
        }
    }

    /// The file name extension of a String Catalog.
    package static let catalogExtension = ".xcstrings"

    /// A String Catalog's text for each key: its `en` localization's string unit, else the one of
    /// the catalog's source language. A key with neither (a source string the catalog does not
    /// spell out, which is its own text), or with only plural or device variations, is left out.
    static func catalogValues(_ data: Data) -> [String: String] {
        guard let catalog = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let strings = catalog["strings"] as? [String: Any] else { return [:] }
        let source = catalog["sourceLanguage"] as? String ?? "en"
        var result: [String: String] = [:]
        for (key, entry) in strings {
            guard let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] else { continue }
            for language in ["en", source] {
                guard let unit = (localizations[language] as? [String: Any])?["stringUnit"] as? [String: Any],
                      let value = unit["value"] as? String else { continue }
                result[key] = value
                break
            }
        }
        return result
    }

    mutating func add(_ data: Data) {
        if let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String] {
            values.merge(plist) { old, _ in old }
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        values.merge(Self.parseText(text)) { old, _ in old }
    }

    /// The value for `key`, if any table has it.
    package func lookup(_ key: String) -> String? { values[key] }

    /// Every key the tables hold.
    package var keys: Dictionary<String, String>.Keys { values.keys }

    /// `"key" = "value";` pairs; comments and anything else are skipped.
    static func parseText(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var scalars = Array(text.unicodeScalars)[...]
        func readQuoted() -> String? {
            guard scalars.first == "\"" else { return nil }
            scalars = scalars.dropFirst()
            var value = ""
            while let scalar = scalars.first {
                scalars = scalars.dropFirst()
                if scalar == "\"" { return value }
                if scalar == "\\", let next = scalars.first {
                    scalars = scalars.dropFirst()
                    switch next {
                    case "n": value += "\n"
                    case "t": value += "\t"
                    default: value.unicodeScalars.append(next)
                    }
                } else {
                    value.unicodeScalars.append(scalar)
                }
            }
            return nil
        }
        func skipSpace() { while let s = scalars.first, s.properties.isWhitespace { scalars = scalars.dropFirst() } }
        while !scalars.isEmpty {
            skipSpace()
            if scalars.starts(with: "/*".unicodeScalars) {
                while !scalars.isEmpty && !scalars.starts(with: "*/".unicodeScalars) { scalars = scalars.dropFirst() }
                scalars = scalars.dropFirst(2)
                continue
            }
            if scalars.starts(with: "//".unicodeScalars) {
                while let s = scalars.first, s != "\n" { scalars = scalars.dropFirst() }
                continue
            }
            guard let key = readQuoted() else {
                scalars = scalars.dropFirst()
                continue
            }
            skipSpace()
            guard scalars.first == "=" else { continue }
            scalars = scalars.dropFirst()
            skipSpace()
            if let value = readQuoted() { result[key] = value }
        }
        return result
    }
}
