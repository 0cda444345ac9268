/// The keys of a ``StringsTable`` by the names code generators give their accessors.
///
/// SwiftGen, Tuist and R.swift turn each key of an app's strings tables into a Swift name: the
/// key `main_window.entities.title` becomes `L10n.MainWindow.Entities.title` (one nested enum
/// per dot-separated part) or `mainWindowEntitiesTitle` (one flat name), `messageMenuTitle`
/// becomes `MailResourcesStrings.Localizable.messageMenuTitle`. The generators capitalise
/// words and drop the separators, so a key and its accessor agree once both are reduced to
/// their letters and digits, lowercased; that reduction is what this index is keyed by. Two
/// keys that reduce alike are left out: no accessor names one of them for certain.
package struct GeneratedStringKeys: Sendable {
    private var keys: [String: String] = [:]

    package init(_ table: StringsTable) {
        var ambiguous: Set<String> = []
        for key in table.keys {
            let reduced = Self.reduced(key)
            guard !reduced.isEmpty, !ambiguous.contains(reduced) else { continue }
            if keys.updateValue(key, forKey: reduced) != nil {
                keys[reduced] = nil
                ambiguous.insert(reduced)
            }
        }
    }

    /// The key an accessor's path names (`["Menu", "Help", "title"]`, the names after the
    /// generated type's own), or `nil`. The first name may be the table's (`Localizable`),
    /// which generators add when an app has several tables: the path is tried with and
    /// without it.
    package func key(forPath path: [Substring]) -> String? {
        if let key = keys[Self.reduced(path.joined())] { return key }
        guard path.count >= 2 else { return nil }
        return keys[Self.reduced(path.dropFirst().joined())]
    }

    /// `text`'s ASCII letters and digits, lowercased.
    static func reduced(_ text: some StringProtocol) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
            default: continue
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
