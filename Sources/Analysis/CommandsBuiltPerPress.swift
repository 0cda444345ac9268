import FoundationEssentials
import KeyTraceCore
import KeyTraceSupport

/// The commands an app's `keyCommands` getters build per key press, under UIKit's policy (what a
/// device does: UIKit reads every responder of the chain on every press) and under the policy
/// the run used, in total and per responder whose getter builds commands.
///
/// `keytrace bench` (from its counters) and `keytrace analyze` (from the trace's
/// `commands-built-per-responder` marker) report it; both JSON forms hold the object this type
/// writes, under `commands_built_per_press`, and both texts print ``textLines``. Figures are
/// thousandths of a command, truncated, so the same counts always give the same bytes.
public struct CommandsBuiltPerPress: Hashable, Sendable {
    /// One responder whose getter builds commands.
    public struct Responder: Hashable, Sendable {
        /// The responder's path.
        public var path: String
        /// Commands one call of its getter builds.
        public var builtPerCall: UInt64
        /// Thousandths of a command built per press under UIKit's policy.
        public var uikitThousandths: UInt64
        /// Thousandths of a command built per press under the run's policy.
        public var policyThousandths: UInt64
    }

    /// The policy the run used (`uikit`, `cached`), or `nil` when the runs used several.
    public var policy: String?
    /// Thousandths of a command built per press under UIKit's policy.
    public var uikitThousandths: UInt64
    /// Thousandths of a command built per press under ``policy``.
    public var policyThousandths: UInt64
    /// The responders, by path.
    public var responders: [Responder]

    /// The figures of `presses` presses whose getters built `built` commands under `policy`
    /// and `uikitEquivalentBuilt` under UIKit's, `byResponder` per responder path.
    public init(presses: UInt64, policy: String?, built: UInt64, uikitEquivalentBuilt: UInt64,
                byResponder: [String: BenchCounters.ResponderBuilds]) {
        let presses = max(presses, 1)
        self.policy = policy
        uikitThousandths = Self.thousandths(uikitEquivalentBuilt, per: presses)
        policyThousandths = Self.thousandths(built, per: presses)
        responders = byResponder.sorted { $0.key < $1.key }.map { path, entry in
            Responder(path: path, builtPerCall: entry.buildsPerCall,
                      uikitThousandths: Self.thousandths(entry.uikitEquivalentBuilt, per: presses),
                      policyThousandths: Self.thousandths(entry.built, per: presses))
        }
    }

    /// Whether the run's policy differs from UIKit's, so its figure is worth a column.
    package var showsPolicy: Bool { policy.map { $0 != "uikit" } ?? false }

    /// `uikit`, the run's policy when it is not `uikit` (for example `cached`), and
    /// `by_responder` (`responder`, `built_per_call`, `uikit`, and the policy's figure).
    package var json: JSONObject {
        var object = JSONObject()
        object.add("uikit", fixedPoint: uikitThousandths, decimals: 3)
        if showsPolicy, let policy { object.add(field: policy, fixedPoint: policyThousandths, decimals: 3) }
        object.add("by_responder", objects: responders.map { responder in
            var entry = JSONObject()
            entry.add("responder", responder.path)
            entry.add("built_per_call", responder.builtPerCall)
            entry.add("uikit", fixedPoint: responder.uikitThousandths, decimals: 3)
            if showsPolicy, let policy { entry.add(field: policy, fixedPoint: responder.policyThousandths, decimals: 3) }
            return entry
        })
        return object
    }

    /// A total line and a line per responder, each indented for a report's body.
    public var textLines: [String] {
        var total = "\(Self.decimal(uikitThousandths)) per press under UIKit's policy"
        if showsPolicy, let policy { total += ", \(Self.decimal(policyThousandths)) under the \(policy) policy" }
        return [total] + responders.map { responder in
            var detail = "\(Self.decimal(responder.uikitThousandths)) per press"
            if showsPolicy, let policy { detail += " (\(Self.decimal(responder.policyThousandths)) \(policy))" }
            return "\(responder.path): \(responder.builtPerCall) per call, \(detail)"
        }
    }

    /// `value / count` in thousandths, truncated, without overflow.
    static func thousandths(_ value: UInt64, per count: UInt64) -> UInt64 {
        (value / count) &* 1000 &+ (value % count) &* 1000 / count
    }

    /// Thousandths as a number with two decimals (truncated).
    package static func decimal(_ thousandths: UInt64) -> String {
        let hundredths = thousandths / 10
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension CommandsBuiltPerPress: Codable {
    private typealias Key = NamedCodingKey

    /// The object ``json`` writes, plus `policy`; numbers are exact decimals.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Self.exact(uikitThousandths), forKey: Key("uikit"))
        try container.encodeIfPresent(policy, forKey: Key("policy"))
        if showsPolicy, let policy { try container.encode(Self.exact(policyThousandths), forKey: Key(policy)) }
        var list = container.nestedUnkeyedContainer(forKey: Key("by_responder"))
        for responder in responders {
            var entry = list.nestedContainer(keyedBy: Key.self)
            try entry.encode(responder.path, forKey: Key("responder"))
            try entry.encode(responder.builtPerCall, forKey: Key("built_per_call"))
            try entry.encode(Self.exact(responder.uikitThousandths), forKey: Key("uikit"))
            if showsPolicy, let policy { try entry.encode(Self.exact(responder.policyThousandths), forKey: Key(policy)) }
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        policy = try container.decodeIfPresent(String.self, forKey: Key("policy"))
        uikitThousandths = Self.thousandths(of: try container.decode(Decimal.self, forKey: Key("uikit")))
        let policyKey = policy.map(Key.init)
        policyThousandths = try policyKey.flatMap { try container.decodeIfPresent(Decimal.self, forKey: $0) }.map(Self.thousandths(of:))
            ?? uikitThousandths
        var list = try container.nestedUnkeyedContainer(forKey: Key("by_responder"))
        responders = []
        while !list.isAtEnd {
            let entry = try list.nestedContainer(keyedBy: Key.self)
            let uikit = Self.thousandths(of: try entry.decode(Decimal.self, forKey: Key("uikit")))
            responders.append(Responder(
                path: try entry.decode(String.self, forKey: Key("responder")),
                builtPerCall: try entry.decode(UInt64.self, forKey: Key("built_per_call")),
                uikitThousandths: uikit,
                policyThousandths: try policyKey.flatMap { try entry.decodeIfPresent(Decimal.self, forKey: $0) }.map(Self.thousandths(of:)) ?? uikit))
        }
    }

    private static func exact(_ thousandths: UInt64) -> Decimal {
        Decimal(thousandths) / 1000
    }

    private static func thousandths(of value: Decimal) -> UInt64 {
        // A decimal's text is exact, in the C notation; the whole thousandths are kept.
        guard let scaled = Double((value * 1000).description), scaled >= 0, scaled < Double(UInt64.max) else { return 0 }
        return UInt64(scaled)
    }
}
