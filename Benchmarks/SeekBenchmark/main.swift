import BenchmarkSupport
import KeyTraceCore
import TraceFormat

#if canImport(Glibc)
import Glibc
#endif

/// Writes a ~1 GB trace of typing (or reuses one), then times opening it and seeking to
/// random times: with the footer index, and with the index rebuilt by scanning.
///
///     swift run -c release SeekBenchmark [path] [gigabytes]
func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

let arguments = CommandLine.arguments
let path = arguments.count > 1 ? arguments[1] : "/tmp/keytrace-seek-1g.ktrace"
let gigabytes = arguments.count > 2 ? Double(arguments[2]) ?? 1 : 1
let block = Typing.presses(1_000_000)
var info = stat()
if stat(path, &info) != 0 || Double(info.st_size) < gigabytes * 0.9e9 {
    let probe = ScratchFile.path("seek-probe.ktrace")
    try Typing.writeTrace(block, to: probe)
    stat(probe, &info)
    let repeats = Int((gigabytes * 1e9 / Double(info.st_size)).rounded(.up))
    let t0 = now()
    // Bulk generation: flush every 10 s of trace time instead of 100 ms (fewer syscalls);
    // the chunk layout (64 KiB) is the same.
    try Typing.writeTrace(block, to: path, repeatCount: repeats, options: .init(flushInterval: 10_000_000_000))
    let t1 = now()
    stat(path, &info)
    print("wrote \(info.st_size) bytes (\(repeats)M key presses) in \(Double(t1 - t0) / 1e9) s")
}
stat(path, &info)
_ = Typing.readFile(path).count  // warm the page cache

for (label, ignoringFooter) in [("footer index", false), ("no footer (scan)", true)] {
    var times: [Double] = []
    var seed: UInt64 = 7
    for _ in 0..<21 {
        seed = seed &* 6364136223846793005 &+ 1
        let t0 = now()
        guard let reader = try? TraceReader(path: path, ignoringFooter: ignoringFooter),
              let first = reader.chunks.first?.firstTimestamp, let last = reader.chunks.last?.lastTimestamp else { break }
        let target = first + (seed >> 11) % max(1, last - first)
        var iterator = reader.records(from: target)
        let record = iterator.next()
        let t1 = now()
        precondition(record.map { $0.timestamp >= target } ?? true)
        times.append(Double(t1 - t0) / 1e6)
    }
    times.sort()
    print("open + seek to a random time in \(info.st_size) bytes, \(label): median \(times[times.count / 2]) ms, max \(times.last ?? 0) ms")
}
