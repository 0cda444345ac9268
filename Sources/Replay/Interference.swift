import KeyTraceSupport

/// What kept a timed replay's thread from running when it wanted to: CPU time the hypervisor
/// gave to other machines (steal) and preemptions of the replaying thread.
///
/// A scheduling error measured while either was non-zero says more about the machine than
/// about the replay: a virtual CPU the host does not run wakes late however the replay waits.
public struct Interference: Hashable, Sendable {
    /// CPU time the hypervisor took from this machine during the replay, summed over its CPUs,
    /// in nanoseconds: the `steal` column of `/proc/stat`, which counts clock ticks (10 ms on
    /// most systems). `nil` where the system does not report steal time.
    public var stolen: UInt64?
    /// How many times the replaying thread was preempted (its involuntary context switches);
    /// `nil` where the system does not report them.
    public var preemptions: Int?

    /// Whether nothing was taken from the replay: no steal and no preemption, as far as reported.
    public var isNone: Bool { (stolen ?? 0) == 0 && (preemptions ?? 0) == 0 }
}

/// Readings taken when a timed replay starts; ``measured()`` gives what happened since.
struct InterferenceProbe {
    private let stealTicks: UInt64?
    private let switches: Int?

    /// Reads steal time and the calling thread's involuntary context switches now.
    init() {
        stealTicks = Self.stealTicks()
        switches = Self.involuntarySwitches()
    }

    /// The interference since the probe was made (call it on the same thread).
    func measured() -> Interference {
        var result = Interference()
        if let before = stealTicks, let after = Self.stealTicks(), after >= before {
            let tick = sysconf(Int32(_SC_CLK_TCK))
            result.stolen = (after - before) * UInt64(1_000_000_000 / (tick > 0 ? tick : 100))
        }
        if let before = switches, let after = Self.involuntarySwitches() { result.preemptions = after - before }
        return result
    }

    /// The machine's total steal time in clock ticks, from the first line of `/proc/stat`.
    static func stealTicks() -> UInt64? {
        guard let file = fopen("/proc/stat", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let length = line.firstIndex(of: 0) ?? line.count
        return stealTicks(inFirstLine: String(decoding: line[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The steal column (the eighth number) of `/proc/stat`'s aggregate `cpu` line; `nil`
    /// when the line is not that or has no such column (kernels before 2.6.11).
    static func stealTicks(inFirstLine line: String) -> UInt64? {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.first == "cpu", fields.count > 8 else { return nil }
        return UInt64(fields[8])
    }

    /// The calling thread's involuntary context switches so far.
    static func involuntarySwitches() -> Int? {
        #if os(Linux)
        let thread: Int32 = 1  // RUSAGE_THREAD, which Glibc's module does not export
        var usage = rusage()
        guard getrusage(thread, &usage) == 0 else { return nil }
        return usage.ru_nivcsw
        #else
        return nil
        #endif
    }
}
