import Foundation

/// The result file of `keytrace bench`: what was measured, and per run its latency
/// distributions and deterministic counters. Schema `keytrace-bench/1`, specified in
/// docs/Comparison.md.
///
/// ```
///  BenchResult
///  ├─ schema    "keytrace-bench/1"
///  ├─ metadata  scene (name, content hash), trace, policy, host, tool version, date
///  └─ runs[]    index
///               ├─ latency   LatencySummary: per metric statistics + encoded histogram
///               └─ counters  BenchCounters: presses, keyCommands calls, cache, outcomes …
/// ```
public struct BenchResult: Sendable, Equatable, Codable {
    /// The schema this library writes.
    public static let currentSchema = "keytrace-bench/1"

    /// The schema identifier; files with another are refused.
    public var schema: String
    /// What was benchmarked, where and when.
    public var metadata: BenchMetadata
    /// The runs, in the order they ran.
    public var runs: [BenchRun]

    /// A result of the current schema.
    public init(metadata: BenchMetadata, runs: [BenchRun]) {
        self.schema = Self.currentSchema
        self.metadata = metadata
        self.runs = runs
    }

    /// Every run's latency merged into one summary, or `nil` without runs.
    public var mergedLatency: LatencySummary? { LatencySummary.merged(runs.map(\.latency)) }

    /// Every run's counters added up.
    public var totalCounters: BenchCounters {
        runs.reduce(into: BenchCounters()) { $0.merge($1.counters) }
    }

    /// The metrics present in any run, in report order.
    public var metrics: [LatencyMetric] {
        Array(Set(runs.flatMap(\.latency.metrics))).sorted()
    }

    /// The per-run medians of `metric`, in run order, skipping runs without it.
    public func runMedians(of metric: LatencyMetric) -> [UInt64] {
        runs.compactMap { run in
            guard let distribution = run.latency[metric], !distribution.isEmpty else { return nil }
            return distribution.value(atPercentile: 50)
        }
    }
}

/// One replay of the trace through the scene.
public struct BenchRun: Sendable, Equatable, Codable {
    /// Zero-based position among the runs.
    public var index: Int
    /// Latency per stage and end to end.
    public var latency: LatencySummary
    /// Deterministic counters.
    public var counters: BenchCounters

    /// A run from its parts.
    public init(index: Int, latency: LatencySummary, counters: BenchCounters) {
        self.index = index
        self.latency = latency
        self.counters = counters
    }
}

/// What a benchmark measured, where and when. Every value is supplied by the caller: the
/// library reads no wall clock.
public struct BenchMetadata: Sendable, Hashable, Codable {
    /// The scene the trace was replayed through.
    public var scene: SceneIdentity
    /// The trace's name (usually its file name).
    public var trace: String
    /// The query policy (`uikit` or `cached`).
    public var policy: String
    /// The machine.
    public var host: HostInfo
    /// The `keytrace` version that ran the benchmark.
    public var toolVersion: String
    /// When the benchmark ran, as the caller says (ISO 8601 in the file).
    public var date: Date
    /// Free-form labels (for example the revision benchmarked).
    public var labels: [String: String]

    /// Metadata from its parts.
    public init(scene: SceneIdentity, trace: String, policy: String, host: HostInfo,
                toolVersion: String, date: Date, labels: [String: String] = [:]) {
        self.scene = scene
        self.trace = trace
        self.policy = policy
        self.host = host
        self.toolVersion = toolVersion
        self.date = date
        self.labels = labels
    }

    private enum CodingKeys: String, CodingKey {
        case scene, trace, policy, host, toolVersion, date, labels
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scene = try container.decode(SceneIdentity.self, forKey: .scene)
        trace = try container.decode(String.self, forKey: .trace)
        policy = try container.decode(String.self, forKey: .policy)
        host = try container.decode(HostInfo.self, forKey: .host)
        toolVersion = try container.decode(String.self, forKey: .toolVersion)
        date = try container.decode(Date.self, forKey: .date)
        labels = try container.decodeIfPresent([String: String].self, forKey: .labels) ?? [:]
    }
}

/// A scene by name and content hash, so results of different scene versions are told apart.
public struct SceneIdentity: Sendable, Hashable, Codable {
    /// The scene's name.
    public var name: String
    /// A hash of the scene's content, e.g. `sha256:…`.
    public var contentHash: String

    /// A scene identity.
    public init(name: String, contentHash: String) {
        self.name = name
        self.contentHash = contentHash
    }
}

/// The machine a benchmark ran on.
public struct HostInfo: Sendable, Hashable, Codable {
    /// Host name.
    public var hostname: String
    /// Operating system and kernel, e.g. `Linux 6.1.0`.
    public var operatingSystem: String
    /// CPU architecture, e.g. `x86_64`.
    public var architecture: String
    /// CPU model, when known.
    public var cpuModel: String?
    /// Logical CPUs.
    public var cores: Int

    /// A host description.
    public init(hostname: String, operatingSystem: String, architecture: String, cpuModel: String?, cores: Int) {
        self.hostname = hostname
        self.operatingSystem = operatingSystem
        self.architecture = architecture
        self.cpuModel = cpuModel
        self.cores = cores
    }
}
