/// Reading C and Objective-C type text.
package enum ObjectiveCTypeName {
    /// Words that qualify a type without naming it.
    static let qualifiers: Set<String> = [
        "const", "volatile", "static", "extern", "inline", "__block", "__weak", "__strong", "__unsafe_unretained",
        "__autoreleasing", "__kindof", "nullable", "nonnull", "null_unspecified", "_Nullable", "_Nonnull",
        "_Null_unspecified", "__nullable", "__nonnull", "IBOutlet", "IBInspectable", "__unused", "oneway", "in",
        "out", "inout", "bycopy", "byref", "unsigned", "signed", "struct", "enum", "NS_NOESCAPE",
        "_Nullable_result", "__covariant", "__contravariant",
    ]

    /// The base type name of a type text: `UIKeyCommand` for `nullable UIKeyCommand *`,
    /// `NSArray` for `NSArray<UIKeyCommand *> *`, `id` for `id<P>`.
    static func base(of text: String) -> String {
        var word = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" || character == "$" {
                word.append(character)
                continue
            }
            if !word.isEmpty && !qualifiers.contains(word) { return word }
            word = ""
        }
        return word.isEmpty || qualifiers.contains(word) ? "id" : word
    }

    /// Whether a type text is a pointer to an object class (not `id`, not a C type): `X *`.
    static func objectClass(of text: String) -> String? {
        guard text.contains("*") else { return nil }
        let name = base(of: text)
        guard let first = name.first, first.isUppercase, name != "BOOL", name != "SEL" else { return nil }
        return name
    }

    /// Whether a type text is `UIKeyCommand *`, however it is spaced (`UIKeyCommand*`,
    /// `UIKeyCommand *`): the return type of a helper that builds one command. Spaces are
    /// dropped byte by byte in UTF-8 and the rest compared as a string.
    static func isKeyCommandPointer(_ text: String) -> Bool {
        String(decoding: text.utf8.filter { $0 != UInt8(ascii: " ") }, as: UTF8.self) == "UIKeyCommand*"
    }
}
