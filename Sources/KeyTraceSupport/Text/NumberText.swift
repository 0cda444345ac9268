/// Numbers as reports and messages print them.
package enum NumberText {
    /// `value` as a whole number when it is one, otherwise with up to three decimals.
    package static func count(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return threeDecimals(value)
    }

    /// `value` with up to three decimals, trailing zeros dropped.
    package static func threeDecimals(_ value: Double) -> String {
        var text = String(Double((value * 1000).rounded()) / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
