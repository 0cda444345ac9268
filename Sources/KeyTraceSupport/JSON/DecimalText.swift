extension Array where Element == UInt8 {
    /// Appends `value` in decimal ASCII digits, as `String(value)` spells it, without making
    /// a string: the text exporters build whole lines as bytes.
    package mutating func appendDecimal(_ value: UInt64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24; a UInt64 has at most 20
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            var v = value
            var at = buffer.count
            repeat {
                at -= 1
                buffer[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            } while v > 0
            append(contentsOf: buffer[at...])
        }
    }
}
