import FoundationEssentials
import KeyTraceSupport

extension HostInfo {
    /// The machine this process runs on (uname, `/proc/cpuinfo` when present, active CPUs).
    package static func current() -> HostInfo {
        var names = utsname()
        uname(&names)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return HostInfo(
            hostname: field(names.nodename),
            operatingSystem: field(names.sysname) + " " + field(names.release),
            architecture: field(names.machine),
            cpuModel: cpuModel(),
            cores: ProcessInfo.processInfo.activeProcessorCount
        )
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingWhitespace()
            }
        }
        return nil
    }
}
