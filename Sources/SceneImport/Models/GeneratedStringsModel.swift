import SceneImportResources

/// Strings read through accessors a build step generates from the app's strings tables:
/// SwiftGen's `L10n.Menu.Help.title` and `L10n.Menu.about(name)`, Tuist's
/// `MailResourcesStrings.Localizable.actionReply`, R.swift's `R.string.localizable.title()`.
///
/// The generated file is often not in the repository (the build writes it) or not in the
/// imported folders. When the app declares the accessor's root type, its code is read as the
/// app's own and this model stays out; otherwise the accessor's path names a key of the
/// strings tables (``GeneratedStringKeys``), whose development-language text is the title.
enum GeneratedStringsModel {
    /// SwiftGen's default enum.
    static let swiftGenRoot = "L10n"
    /// Tuist names its enum after the target: `<Target>Strings`.
    static let tuistSuffix = "Strings"
    /// R.swift's `R.string.<table>.<key>()`.
    static let rSwiftRoot = "R"
    static let rSwiftStrings = "string"

    /// Whether `text`'s first name (all of it, without a dot) is one a generator gives its
    /// type: the cheap test a member's receiver passes before an accessor's text is built.
    static func mayBeAccessor(_ text: String) -> Bool {
        let root = text.utf8.prefix { $0 != UInt8(ascii: ".") }
        return root.elementsEqual(swiftGenRoot.utf8) || root.elementsEqual(rSwiftRoot.utf8) || root.reversed().starts(with: tuistSuffix.utf8.reversed())
    }

    /// The names after the generated type's in accessor `text` (`L10n.Menu.Help.title` →
    /// `Menu`, `Help`, `title`), when `text` is one and `declares` (whether the app declares a
    /// type of that name) says the root is not the app's; `nil` otherwise. Most texts are
    /// turned away by their first name before the text is split.
    static func path(ofAccessor text: String, declares: (String) -> Bool) -> [Substring]? {
        guard text.utf8.contains(UInt8(ascii: ".")), mayBeAccessor(text) else { return nil }
        let root = text.prefix { $0 != "." }
        guard !declares(String(root)) else { return nil }
        let isRSwift = root == rSwiftRoot
        let parts = text.split(separator: ".")
        guard parts.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else { return nil }
        if isRSwift {
            guard parts.count >= 4, parts[1] == rSwiftStrings else { return nil }
            return Array(parts.dropFirst(2))
        }
        return parts.count >= 2 ? Array(parts.dropFirst()) : nil
    }
}

/// One import's reading of generated accessors (``GeneratedStringsModel``): its strings
/// tables, and their keys by accessor name, indexed on the first accessor met.
final class GeneratedStrings {
    private let strings: StringsTable
    private let declares: (String) -> Bool
    private lazy var keys = GeneratedStringKeys(strings)

    /// `declares` tells whether the app declares a type of a name.
    init(strings: StringsTable, declares: @escaping (String) -> Bool) {
        self.strings = strings
        self.declares = declares
    }

    /// The development-language text accessor `text` reads, or `nil` when it is no accessor
    /// or names no key.
    func text(ofAccessor text: String) -> String? {
        guard let path = GeneratedStringsModel.path(ofAccessor: text, declares: declares),
              let key = keys.key(forPath: path) else { return nil }
        return strings.lookup(key)
    }
}
