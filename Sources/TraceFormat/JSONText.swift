import KeyTraceCore

/// Builds one JSON object with keys in insertion order, for stable, diffable JSON Lines. The
/// object is written as bytes (no intermediate strings), appended to a caller's buffer. The one
/// JSON Lines writer of the package: record exports and press tables use it.
package struct JSONObject {
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

    package mutating func add(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { JSONString.appendQuoted(value, to: &bytes) } else { appendNull() }
    }

    package mutating func add(_ name: StaticString, _ value: UInt64?) {
        key(name)
        if let value { bytes.appendDecimal(value) } else { appendNull() }
    }

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

    /// Closes the object and hands its buffer back to `buffer` (without a copy).
    package mutating func finish(into buffer: inout [UInt8]) {
        bytes.append(UInt8(ascii: "}"))
        swap(&bytes, &buffer)
        bytes = []
    }
}
