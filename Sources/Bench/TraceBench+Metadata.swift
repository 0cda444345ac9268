import Comparison
import FoundationEssentials
import KeyTraceCore
import Replay
import Scenes
import TraceFormat
import Recording

extension TraceBench {
    /// What a bench result records of its run: the scene as the replay loads it (found by one
    /// replay of `trace` with `options`, which also warms the process up), the trace, the policy,
    /// this host and tool, and `labels` with whether allocations are counted.
    package static func metadata(trace: String, options: Replayer.Options, labels: [String: String]) throws -> BenchMetadata {
        let probe = try Replayer(trace: trace, options: options).run()
        let runtime = try SceneRuntime(contentsOf: probe.scenePath)
        let platform = try options.platform ?? TraceReader(path: trace).header.metadata.platform ?? runtime.definition.platform
        var labels = labels
        labels["allocationCounting"] = AllocationCounter.isAvailable ? "on" : "unavailable"
        return BenchMetadata(
            scene: SceneIdentity(name: runtime.definition.name, contentHash: runtime.definition.contentHash),
            trace: trace, policy: options.policy.rawValue, host: HostInfo.current(), toolVersion: KeyTraceVersion.current,
            date: Date(), labels: labels, platform: platform.description)
    }
}
