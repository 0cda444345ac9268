/// Text written from string literals and interpolated strings straight into one UTF-8 buffer,
/// made a `String` once at the end: `String(composing: "\(type): \(shortcut) has no title")`.
///
/// The report writes a message or more for most inventory rows; appending each piece to a
/// growing `String` checks character boundaries and regrows its storage piece by piece, where
/// copying the pieces' bytes into one buffer does neither.
struct ComposedText: ExpressibleByStringInterpolation {
    fileprivate var bytes: [UInt8]

    init(stringLiteral value: String) {
        bytes = Array(value.utf8)
    }

    init(stringInterpolation: Interpolation) {
        bytes = stringInterpolation.bytes
    }

    /// The pieces of one interpolated literal, in order.
    struct Interpolation: StringInterpolationProtocol {
        fileprivate var bytes: [UInt8] = []

        /// Room for the literal pieces and `interpolationCount` names of usual length.
        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 32 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            append(literal)
        }

        mutating func appendInterpolation(_ text: String) {
            append(text)
        }

        mutating func appendInterpolation(_ number: Int) {
            append(String(number))
        }

        private mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }
}

extension String {
    /// The text `composed` holds.
    init(composing composed: ComposedText) {
        self = String(decoding: composed.bytes, as: UTF8.self)
    }
}
