/// The `commands-built-per-responder` marker: what each `keyCommands` getter of the scene built
/// over a recording or a replay, one line per responder whose getter builds commands:
///
/// ```
/// window/root/ListController = 12 3600 14400
/// ```
///
/// the responder's path, then three decimal counts: commands one call builds, commands built
/// for the reads the recording's policy made, and commands built for the reads UIKit's policy
/// makes. Recorders write it when the scene says what its getters build; `keytrace analyze`
/// reads it. Lines it cannot read are skipped.
public struct CommandsBuiltMarker: Hashable, Sendable {
    /// The marker's label.
    public static let label = "commands-built-per-responder"

    /// One responder's line.
    public struct Line: Hashable, Sendable {
        /// The responder's path.
        public var path: String
        /// Commands one call of its getter builds.
        public var perCall: UInt64
        /// Commands built for the reads the recording's policy made.
        public var built: UInt64
        /// Commands built for the reads the `uikit` policy makes.
        public var uikitEquivalentBuilt: UInt64

        /// A responder's line.
        public init(path: String, perCall: UInt64, built: UInt64, uikitEquivalentBuilt: UInt64) {
            self.path = path
            self.perCall = perCall
            self.built = built
            self.uikitEquivalentBuilt = uikitEquivalentBuilt
        }
    }

    /// The responders' lines.
    public var lines: [Line]

    /// A marker of `lines`.
    public init(lines: [Line]) {
        self.lines = lines
    }

    /// Reads a marker's text; lines without a path and three counts are skipped.
    public init(text: String) {
        lines = ResponderCountLines.parse(text, fields: 3).map { entry in
            Line(path: entry.path, perCall: entry.counts[0], built: entry.counts[1], uikitEquivalentBuilt: entry.counts[2])
        }
    }

    /// The marker's text, lines sorted by path.
    public var text: String {
        lines.sorted { $0.path < $1.path }
            .map { ResponderCountLines.line(path: $0.path, counts: [$0.perCall, $0.built, $0.uikitEquivalentBuilt]) }
            .joined(separator: "\n")
    }

    /// The marker record, at `timestamp`.
    public func record(at timestamp: UInt64) -> MarkerRecord {
        MarkerRecord(timestamp: timestamp, label: Self.label, text: text)
    }
}
