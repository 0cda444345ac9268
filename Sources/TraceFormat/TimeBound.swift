/// A `--from`/`--to` value: an absolute timestamp in ns, or a duration from the trace's start.
///
/// `1700000000123456789` is absolute (the `t_ns` the JSON shows); `1.5s`, `200ms`, `750us`,
/// `42ns`, `2m` are offsets from the first record.
public enum TimeBound: Hashable, Sendable {
    /// An absolute timestamp in ns.
    case absolute(UInt64)
    /// Nanoseconds after the first record.
    case offset(UInt64)

    /// Parses `text`; `nil` when it is neither an integer nor a number with a unit.
    public init?(_ text: String) {
        let s = text.trimmingCharacters(in: " ")
        if let n = UInt64(s) {
            self = .absolute(n)
            return
        }
        let units: [(String, Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9), ("m", 60e9), ("h", 3600e9)]
        for (unit, scale) in units where s.hasSuffix(unit) {
            let number = String(s.dropLast(unit.count))
            guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }),
                  let value = Double(number), value.isFinite, value >= 0, value * scale < 1.8e19 else { return nil }
            self = .offset(UInt64((value * scale).rounded()))
            return
        }
        return nil
    }

    /// The absolute timestamp, given the trace's first timestamp.
    public func resolved(origin: UInt64) -> UInt64 {
        switch self {
        case .absolute(let t): return t
        case .offset(let d): return origin &+ d
        }
    }

    /// What `--from`/`--to` accept, for error messages.
    public static let help = "an integer timestamp in ns (as t_ns shows), or a duration from the trace start such as 1.5s, 200ms, 750us, 42ns"
}

extension String {
    func trimmingCharacters(in set: Character) -> String { Substring(self).trimmingCharacters(in: set) }
}
