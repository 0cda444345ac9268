import KeyTraceCore

/// Reads the members of one JSON object, tracking which were used so unknown fields are errors.
package struct JSONFields {
    package let file: String
    /// Where the object sits, written out only when a message names it.
    package let location: JSONPath
    private let members: [(key: String, value: JSONValue)]
    private let allowed: [String]

    package init(_ value: JSONValue, file: String, path: String, allowed: [String]) throws(SceneError) {
        try self.init(value, file: file, location: .text(path), allowed: allowed)
    }

    package init(_ value: JSONValue, file: String, location: JSONPath, allowed: [String]) throws(SceneError) {
        guard case .object(let members) = value else {
            throw SceneError.invalid(file, location.description, expected: "an object, found \(value.kindName)")
        }
        self.file = file
        self.location = location
        self.members = members
        self.allowed = allowed
        // By index, comparing keys in place: a member is not copied out to be looked at.
        for index in members.indices where !allowed.contains(members[index].key) {
            throw SceneError.unknownField(file, location.description, members[index].key, known: allowed)
        }
    }

    /// The object's path as errors write it.
    package var path: String { location.description }

    package func child(_ key: String) -> String { location.member(key).description }

    package func value(_ key: String) -> JSONValue? {
        for index in members.indices where members[index].key == key { return members[index].value }
        return nil
    }

    package func has(_ key: String) -> Bool { value(key) != nil }

    package func string(_ key: String) throws(SceneError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let s) = value else { throw SceneError.invalid(file, child(key), expected: "a string, found \(value.kindName)") }
        return s
    }

    package func requiredString(_ key: String) throws(SceneError) -> String {
        guard let s = try string(key) else { throw SceneError.invalid(file, child(key), expected: "a string (required)") }
        return s
    }

    package func bool(_ key: String) throws(SceneError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let b) = value else { throw SceneError.invalid(file, child(key), expected: "true or false, found \(value.kindName)") }
        return b
    }

    /// The integer at `key`, exactly as written and within `range`; `nil` when absent.
    package func int(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(SceneError) -> Int? {
        guard let value = value(key) else { return nil }
        return try JSONFields.integer(value, in: range, file: file, path: child(key))
    }

    /// `value` as an integer within `range`, or an error naming `path` and what was found: a
    /// fraction, an exponent or a value beyond `range` (or beyond `Int`) is never rounded.
    package static func integer(_ value: JSONValue, in range: ClosedRange<Int>, file: String,
                                path: @autoclosure () -> String) throws(SceneError) -> Int {
        var expected: String { range == Int.min...Int.max ? "an integer" : "an integer from \(range.lowerBound) to \(range.upperBound)" }
        guard case .number(let number) = value else {
            throw SceneError.invalid(file, path(), expected: "\(expected), found \(value.kindName)")
        }
        guard number.isIntegerLiteral else {
            throw SceneError.invalid(file, path(), expected: "\(expected) (no fraction or exponent), found \(number.literal)")
        }
        guard let integer = number.integer else {
            throw SceneError.invalid(file, path(), expected: "\(expected) (from \(Int.min) to \(Int.max)), found \(number.literal)")
        }
        guard range.contains(integer) else {
            throw SceneError.invalid(file, path(), expected: "\(expected), found \(number.literal)")
        }
        return integer
    }

    package func array(_ key: String) throws(SceneError) -> [JSONValue] {
        guard let value = value(key) else { return [] }
        guard case .array(let items) = value else { throw SceneError.invalid(file, child(key), expected: "an array, found \(value.kindName)") }
        return items
    }

    package func strings(_ key: String) throws(SceneError) -> [String] {
        var result: [String] = []
        for (index, item) in try array(key).enumerated() {
            guard case .string(let s) = item else {
                throw SceneError.invalid(file, "\(child(key))[\(index)]", expected: "a string, found \(item.kindName)")
            }
            result.append(s)
        }
        return result
    }

    package func object(_ key: String) throws(SceneError) -> [(key: String, value: JSONValue)] {
        guard let value = value(key) else { return [] }
        guard case .object(let members) = value else { throw SceneError.invalid(file, child(key), expected: "an object, found \(value.kindName)") }
        return members
    }
}
