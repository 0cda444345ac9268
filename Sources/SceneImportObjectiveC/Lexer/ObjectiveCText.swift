/// A string-valued argument as the source gives it: a literal, a localised string's key, or an
/// expression the scanner does not evaluate.
package enum ObjectiveCText: Hashable {
    /// `@"Find"`, with escapes decoded and adjacent literals joined.
    case literal(String)
    /// `NSLocalizedString(@"KEY", …)` or `NSLocalizedStringFromTable(@"KEY", @"Table", …)`: the
    /// consumer looks the key up in the app's strings tables; `value` is what
    /// `NSLocalizedStringWithDefaultValue` gives when no table holds the key.
    case localized(key: String, table: String?, value: String? = nil)
    /// Anything else, as source text.
    case expression(String)

    /// The literal value, when the text is a literal.
    var literal: String? {
        if case .literal(let value) = self { return value }
        return nil
    }
}
