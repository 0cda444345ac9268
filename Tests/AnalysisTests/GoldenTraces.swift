import Foundation
import TraceFormat
import CLITestSupport

/// Paths of the repository's golden traces and helpers to make damaged copies.
enum GoldenTraces {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces/golden")

    static func path(_ name: String) -> String { folder.appendingPathComponent("\(name).ktrace").path }

    /// Every golden trace.
    static var all: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ktrace") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Every record of a trace.
    static func records(_ path: String) throws -> [TraceRecord] {
        Array(try TraceReader(path: path))
    }

    /// A scratch folder for one test (``ScratchDirectory``).
    static func temporaryFolder() throws -> URL { URL(fileURLWithPath: ScratchDirectory.make()) }

    /// A copy of golden trace `name` rewritten in small chunks (so damage loses only some
    /// records), then cut to `fraction` of its bytes.
    static func truncatedCopy(of name: String, fraction: Double, in folder: URL) throws -> (path: String, intact: Int) {
        let source = try TraceReader(path: path(name))
        let copy = folder.appendingPathComponent("\(name)-small-chunks.ktrace").path
        let writer = try TraceWriter(path: copy, metadata: source.header.metadata,
                                     options: .init(chunkSize: 512, sealOnFlush: true))
        var count = 0
        for record in source {
            _ = try writer.append(record)
            count += 1
        }
        _ = try writer.finish()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: copy))
        let cut = folder.appendingPathComponent("\(name)-truncated.ktrace")
        try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: cut)
        return (cut.path, count)
    }
}
