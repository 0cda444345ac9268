import Analysis
import FoundationEssentials
import Statistics

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
package struct BenchResult: Sendable, Equatable, Codable {
    /// The schema this library writes.
    package static let currentSchema = "keytrace-bench/1"

    /// The schema identifier; files with another are refused.
    package var schema: String
    /// What was benchmarked, where and when.
    package var metadata: BenchMetadata
    /// The runs, in the order they ran.
    package var runs: [BenchRun]

    /// A result of the current schema.
    package init(metadata: BenchMetadata, runs: [BenchRun]) {
        self.schema = Self.currentSchema
        self.metadata = metadata
        self.runs = runs
    }

    /// Every run's latency merged into one summary, or `nil` without runs.
    package var mergedLatency: LatencySummary? { LatencySummary.merged(runs.map(\.latency)) }

    /// Every run's counters added up.
    package var totalCounters: BenchCounters {
        runs.reduce(into: BenchCounters()) { $0.merge($1.counters) }
    }

    /// The metrics present in any run, in report order.
    package var metrics: [LatencyMetric] {
        Array(Set(runs.flatMap(\.latency.metrics))).sorted()
    }

    /// The per-run medians of `metric`, in run order, skipping runs without it.
    package func runMedians(of metric: LatencyMetric) -> [UInt64] {
        runs.compactMap { run in
            guard let distribution = run.latency[metric], !distribution.isEmpty else { return nil }
            return distribution.value(atPercentile: 50)
        }
    }
}

/// One replay of the trace through the scene.
package struct BenchRun: Sendable, Equatable, Codable {
    /// Zero-based position among the runs.
    package var index: Int
    /// Latency per stage and end to end.
    package var latency: LatencySummary
    /// Deterministic counters.
    package var counters: BenchCounters

    /// A run from its parts.
    package init(index: Int, latency: LatencySummary, counters: BenchCounters) {
        self.index = index
        self.latency = latency
        self.counters = counters
    }
}

/// What a benchmark measured, where and when. Every value is supplied by the caller: the
/// library reads no wall clock.
package struct BenchMetadata: Sendable, Hashable, Codable {
    /// The scene the trace was replayed through.
    package var scene: SceneIdentity
    /// The trace's name (usually its file name).
    package var trace: String
    /// The query policy (`uikit` or `cached`).
    package var policy: String
    /// The machine.
    package var host: HostInfo
    /// The `keytrace` version that ran the benchmark.
    package var toolVersion: String
    /// When the benchmark ran, as the caller says (ISO 8601 in the file).
    package var date: Date
    /// Free-form labels (for example the revision benchmarked).
    package var labels: [String: String]
    /// The platform and OS version the replays ran on (`ipad@27.0`); absent from results written
    /// before results named it.
    package var platform: String?

    /// Metadata from its parts.
    package init(scene: SceneIdentity, trace: String, policy: String, host: HostInfo,
                toolVersion: String, date: Date, labels: [String: String] = [:], platform: String? = nil) {
        self.platform = platform
        self.scene = scene
        self.trace = trace
        self.policy = policy
        self.host = host
        self.toolVersion = toolVersion
        self.date = date
        self.labels = labels
    }

    private enum CodingKeys: String, CodingKey {
        case scene, trace, policy, host, toolVersion, date, labels, platform
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scene = try container.decode(SceneIdentity.self, forKey: .scene)
        trace = try container.decode(String.self, forKey: .trace)
        policy = try container.decode(String.self, forKey: .policy)
        host = try container.decode(HostInfo.self, forKey: .host)
        toolVersion = try container.decode(String.self, forKey: .toolVersion)
        date = try container.decode(Date.self, forKey: .date)
        labels = try container.decodeIfPresent([String: String].self, forKey: .labels) ?? [:]
        platform = try container.decodeIfPresent(String.self, forKey: .platform)
    }
}

/// A scene by name and content hash, so results of different scene versions are told apart.
package struct SceneIdentity: Sendable, Hashable, Codable {
    /// The scene's name.
    package var name: String
    /// A hash of the scene's content, e.g. `sha256:…`.
    package var contentHash: String

    /// A scene identity.
    package init(name: String, contentHash: String) {
        self.name = name
        self.contentHash = contentHash
    }
}

/// The machine a benchmark ran on.
package struct HostInfo: Sendable, Hashable, Codable {
    /// Host name.
    package var hostname: String
    /// Operating system and kernel, e.g. `Linux 6.1.0`.
    package var operatingSystem: String
    /// CPU architecture, e.g. `x86_64`.
    package var architecture: String
    /// CPU model, when known.
    package var cpuModel: String?
    /// Logical CPUs.
    package var cores: Int

    /// A host description.
    package init(hostname: String, operatingSystem: String, architecture: String, cpuModel: String?, cores: Int) {
        self.hostname = hostname
        self.operatingSystem = operatingSystem
        self.architecture = architecture
        self.cpuModel = cpuModel
        self.cores = cores
    }
}
