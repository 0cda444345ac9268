/// Builds one JSON object with keys in insertion order, for stable, diffable JSON. The object is
/// written as bytes (no intermediate strings), appended to a caller's buffer or returned as text.
/// The one JSON object writer of the package (strings are escaped by ``JSONString``): record
/// exports, press tables, replay reports and capture summaries use it.
///
/// ```swift
/// var object = JSONObject()
/// object.add("schema", "keytrace-replay/1")
/// object.add("presses", 42)
/// print(object.text)   // {"schema":"keytrace-replay/1","presses":42}
/// ```
package struct JSONObject: Sendable {
    private var bytes: [UInt8]
    private var first = true

    /// An empty object.
    package init() {
        bytes = [UInt8(ascii: "{")]
    }

    /// An object written after what `buffer` holds, taking the buffer over (without a copy)
    /// until ``finish(into:)`` hands it back.
    package init(takingOver buffer: inout [UInt8]) {
        bytes = []
        swap(&bytes, &buffer)
        bytes.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ name: StaticString) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(UInt8(ascii: "\""))
        append(name)
        append("\":")
    }

    private mutating func key(_ name: String) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        JSONString.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendNull() { append("null") }

    /// Adds a string; `nil` is written as `null`.
    package mutating func add(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { JSONString.appendQuoted(value, to: &bytes) } else { appendNull() }
    }

    /// Adds a number; `nil` is written as `null`.
    package mutating func add(_ name: StaticString, _ value: UInt64?) {
        key(name)
        if let value { bytes.appendDecimal(value) } else { appendNull() }
    }

    /// Adds a number under a name made at run time.
    package mutating func add(_ name: String, _ value: UInt64) {
        key(name)
        bytes.appendDecimal(value)
    }

    /// Adds a string under a name made at run time; `nil` is written as `null`.
    package mutating func add(field name: String, _ value: String?) {
        key(name)
        if let value { JSONString.appendQuoted(value, to: &bytes) } else { appendNull() }
    }

    /// Adds a Boolean under a name made at run time.
    package mutating func add(field name: String, _ value: Bool) {
        key(name)
        append(value ? "true" : "false")
    }

    /// Adds a number under a name made at run time; `nil` is written as `null`.
    package mutating func add(field name: String, _ value: UInt64?) {
        key(name)
        if let value { bytes.appendDecimal(value) } else { appendNull() }
    }

    /// Adds a Boolean.
    package mutating func add(_ name: StaticString, _ value: Bool) {
        key(name)
        append(value ? "true" : "false")
    }

    /// Adds `object` (its closing brace added here) as the value of `name`.
    package mutating func add(_ name: StaticString, object: JSONObject) {
        key(name)
        bytes.append(contentsOf: object.bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Adds `object` (its closing brace added here) under a name made at run time.
    package mutating func add(field name: String, object: JSONObject) {
        key(name)
        bytes.append(contentsOf: object.bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Adds `value / 10^decimals` as a decimal number with exactly `decimals` digits after the
    /// point (0 through 19), without rounding: `add("ts", fixedPoint: 1234567, decimals: 3)` writes
    /// `1234.567`.
    package mutating func add(_ name: StaticString, fixedPoint value: UInt64, decimals: Int) {
        key(name)
        appendFixedPoint(value, decimals: decimals)
    }

    /// Adds `value / 10^decimals` as ``add(_:fixedPoint:decimals:)`` does, under a name made at
    /// run time.
    package mutating func add(field name: String, fixedPoint value: UInt64, decimals: Int) {
        key(name)
        appendFixedPoint(value, decimals: decimals)
    }

    private mutating func appendFixedPoint(_ value: UInt64, decimals: Int) {
        var scale: UInt64 = 1
        for _ in 0..<max(0, decimals) { scale = scale.multipliedReportingOverflow(by: 10).partialValue }
        bytes.appendDecimal(value / scale)
        guard decimals > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        let fraction = String(value % scale)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, decimals - fraction.utf8.count)))
        bytes.append(contentsOf: fraction.utf8)
    }

    /// Adds a signed number (counts kept as `Int`); `nil` is written as `null`.
    package mutating func add(_ name: StaticString, _ value: Int?) {
        key(name)
        if let value { bytes.append(contentsOf: String(value).utf8) } else { appendNull() }
    }

    /// Adds an array of strings.
    package mutating func add(_ name: StaticString, strings: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONString.appendQuoted(string, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Adds an array of numbers.
    package mutating func add(_ name: StaticString, numbers: [UInt64]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, number) in numbers.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.appendDecimal(number)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Adds an array of objects (their closing braces added here).
    package mutating func add(_ name: StaticString, objects: [JSONObject]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, object) in objects.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: object.bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The object as text, closed.
    package var text: String {
        var closed = bytes
        closed.append(UInt8(ascii: "}"))
        return String(decoding: closed, as: UTF8.self)
    }

    /// Closes the object and hands its buffer back to `buffer` (without a copy).
    package mutating func finish(into buffer: inout [UInt8]) {
        bytes.append(UInt8(ascii: "}"))
        swap(&bytes, &buffer)
        bytes = []
    }
}
