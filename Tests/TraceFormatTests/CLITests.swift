import CLITestSupport
import Foundation
import KeyTraceCore
import Testing
@testable import TraceFormat
import Export

@Suite(.serialized) struct CLITests {
    static let records = TypingFixture.records(presses: 300)
    static let tracePath: String = {
        let path = TemporaryFile.path("cli.ktrace")
        if let bytes = try? TypingFixture.trace(records, options: .init(chunkSize: 2048)) {
            _ = try? TemporaryFile.write(bytes, to: "cli.ktrace")
        }
        return path
    }()

    @Test func binaryIsBuilt() {
        #expect(CLIRunner.binary != nil, "build the package first: swift build")
    }

    @Test func inspectSummarisesCountsDevicesSceneAndIntegrity() throws {
        let r = try CLIRunner.run(["inspect", Self.tracePath])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("key         300"))
        #expect(r.stdout.contains("4.5.129"))
        #expect(r.stdout.contains("scene:      Editor"))
        #expect(r.stdout.contains("integrity:  intact"))
        #expect(r.stdout.contains("bytes per record"))
    }

    @Test func dumpJSONCarriesTheStableKeyFields() throws {
        let r = try CLIRunner.run(["dump", Self.tracePath, "--json", "--kind", "key"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 300)
        let first = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["kind"] as? String == "key")
        #expect(first["phase"] as? String == "down")
        #expect(first["device"] as? String == "4.5.129")
        #expect((first["usage"] as? NSNumber)?.intValue == 0x17)  // "t"
        let t = try #require(first["t_ns"] as? NSNumber)
        #expect(t.uint64Value == Self.records.first { $0.kind == .key }?.timestamp)
        for line in lines {
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(["down", "up"].contains(object["phase"] as? String ?? ""))
        }
    }

    @Test func dumpFiltersByTimeWindowAndKind() throws {
        let all = try CLIRunner.run(["dump", Self.tracePath, "--json"])
        let window = try CLIRunner.run(["dump", Self.tracePath, "--json", "--from", "1s", "--to", "2500ms", "--kind", "key,resolution"])
        #expect(window.status == 0, "\(window.stderr)")
        let start = Self.records[0].timestamp
        let expected = Self.records.filter {
            $0.timestamp >= start + 1_000_000_000 && $0.timestamp <= start + 2_500_000_000 && ($0.kind == .key || $0.kind == .resolution)
        }
        #expect(window.stdout.split(separator: "\n").count == expected.count)
        #expect(all.stdout.split(separator: "\n").count == Self.records.count)
        let absolute = try CLIRunner.run(["dump", Self.tracePath, "--json", "--from", String(expected[0].timestamp), "--kind", "key,resolution"])
        #expect(absolute.stdout.split(separator: "\n").first.map(String.init) == expected[0].jsonLine)
    }

    @Test func dumpTextUsesKeyNamesAndShortcutNotation() throws {
        let r = try CLIRunner.run(["dump", Self.tracePath, "--kind", "key,resolution"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("⌘S"))
        #expect(r.stdout.contains("performed ⌘S → save:"))
        #expect(r.stdout.contains("down"))
    }

    @Test func usageErrorsExit64() throws {
        #expect(try CLIRunner.run(["dump", Self.tracePath, "--kind", "keys"]).status == 64)
        #expect(try CLIRunner.run(["dump", Self.tracePath, "--from", "yesterday"]).status == 64)
        #expect(try CLIRunner.run(["dump"]).status == 64)
        #expect(try CLIRunner.run(["export", Self.tracePath, "--format", "xml", "-o", "/dev/null"]).status == 64)
    }

    @Test func helpAndVersionPrintToStandardOutputAndExitZero() throws {
        for arguments in [["--help"], ["record", "--help"], ["help", "replay"], ["dump", "-h"]] {
            let run = try CLIRunner.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.contains("USAGE: keytrace"), "\(arguments)")
            #expect(run.stderr.isEmpty, "\(arguments): \(run.stderr)")
        }
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
    }

    /// Foundation proper, its internationalisation part and ICU add about 10 000 symbol
    /// relocations and 2 000 protocol conformance records to every start (1.8 ms); the binary
    /// uses FoundationEssentials alone.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), "ldd is not installed"))
    func theBinaryStartsWithoutFoundationOrICU() throws {
        let binary = try #require(CLIRunner.binary, "keytrace binary not found")
        let libraries = try run("/usr/bin/ldd", [binary])
        #expect(libraries.contains("libFoundationEssentials"), "\(libraries)")
        for library in ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU"] {
            #expect(!libraries.contains(library), "\(library) is linked:\n\(libraries)")
        }
    }

    @Test func verifyExitsZeroWhenIntactAndOneWithAPerChunkReportWhenDamaged() throws {
        let ok = try CLIRunner.run(["verify", Self.tracePath])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.contains("intact"))
        var bytes = try TemporaryFile.read(Self.tracePath)
        let reader = try TraceReader(bytes: bytes)
        let victim = reader.chunks[2]
        bytes[victim.offset + TraceChunk.headerSize + 10] ^= 0x04
        let path = try TemporaryFile.write(bytes, to: "cli-damaged.ktrace")
        let bad = try CLIRunner.run(["verify", path])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("offset \(victim.offset)"))
        #expect(bad.stdout.contains("checksum mismatch"))
        #expect(bad.stdout.contains("\(UInt64(Self.records.count) - victim.recordCount) of \(Self.records.count) records readable"))
    }

    @Test func aTraceWithADamagedHeaderVerifiesAsDamagedAndStillDumpsEveryRecord() throws {
        var bytes = try TemporaryFile.read(Self.tracePath)
        bytes[30] ^= 0x10  // inside the metadata block
        let path = try TemporaryFile.write(bytes, to: "cli-header.ktrace")
        let verify = try CLIRunner.run(["verify", path])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("file header damaged"), "\(verify.stdout)")
        #expect(verify.stdout.contains("\(Self.records.count) of \(Self.records.count) records readable"), "\(verify.stdout)")
        let dump = try CLIRunner.run(["dump", path, "--json"])
        #expect(dump.status == 0)
        #expect(dump.stderr.contains("metadata is lost"))
        #expect(dump.stdout.split(separator: "\n").count == Self.records.count)
    }

    @Test func truncatedTraceVerifiesAsDamagedAndDumpsItsWholeRecordsThenExits1() throws {
        let bytes = try TemporaryFile.read(Self.tracePath)
        let path = try TemporaryFile.write(Array(bytes[0..<(bytes.count * 2 / 3)]), to: "cli-truncated.ktrace")
        let verify = try CLIRunner.run(["verify", path])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("truncated"))
        let dump = try CLIRunner.run(["dump", path, "--json"])
        #expect(dump.status == 1)
        #expect(dump.stderr.contains("chunk truncated") && dump.stderr.contains("is damaged"), "\(dump.stderr)")
        #expect(!dump.stdout.isEmpty)
    }

    @Test func garbageAndEmptyFilesExit2WithAClearMessage() throws {
        let empty = try TemporaryFile.write([], to: "empty.ktrace")
        let garbage = try TemporaryFile.write(Array("this is not a trace at all\n".utf8), to: "garbage.ktrace")
        for command in ["inspect", "dump", "verify"] {
            let e = try CLIRunner.run([command, empty])
            #expect(e.status == 2)
            #expect(e.stderr.contains("empty"))
            let g = try CLIRunner.run([command, garbage])
            #expect(g.status == 2)
            #expect(g.stderr.contains("not a KeyTrace trace"))
        }
        // verify names the file it could not use, as analyze does.
        let unusable = try CLIRunner.run(["verify", garbage])
        #expect(unusable.stderr.contains("garbage.ktrace: "), "\(unusable.stderr)")
        let missing = try CLIRunner.run(["inspect", TemporaryFile.path("does-not-exist.ktrace")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("No such file"))
    }

    @Test func exportsCSVAndNDJSONWithOneLinePerRecord() throws {
        let csv = TemporaryFile.path("out.csv")
        let ndjson = TemporaryFile.path("out.ndjson")
        #expect(try CLIRunner.run(["export", Self.tracePath, "--format", "csv", "-o", csv]).status == 0)
        #expect(try CLIRunner.run(["export", Self.tracePath, "--format", "ndjson", "-o", ndjson]).status == 0)
        let csvLines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(csvLines.first.map(String.init) == TraceRecord.csvHeader)
        #expect(csvLines.count == Self.records.count + 1)
        let jsonLines = try String(contentsOfFile: ndjson, encoding: .utf8).split(separator: "\n")
        #expect(jsonLines.map(String.init) == Self.records.map(\.jsonLine))
    }

    @Test func pcapExportWritesANanosecondCapture() throws {
        let pcap = TemporaryFile.path("out.pcap")
        let r = try CLIRunner.run(["export", Self.tracePath, "--format", "pcap", "-o", pcap])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try TemporaryFile.read(pcap)
        #expect(Array(data[0..<4]) == [0x4D, 0x3C, 0xB2, 0xA1])  // nanosecond pcap magic, little-endian
    }

    @Test(.enabled(if: Oracles.tshark != nil, Comment(rawValue: Oracles.tsharkMissing)))
    func pcapExportDissectsInTsharkWithEveryField() throws {
        let tshark = try #require(Oracles.tshark)
        let pcap = TemporaryFile.path("dissected.pcap")
        let r = try CLIRunner.run(["export", Self.tracePath, "--format", "pcap", "-o", pcap])
        #expect(r.status == 0, "\(r.stderr)")
        let lua = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/wireshark/keytrace.lua").path
        let t = try CLIRunner.run(["-X", "lua_script:" + lua, "-r", pcap, "-V", "-c", "40"], executable: tshark)
        #expect(t.status == 0, "\(t.stderr)")
        for field in ["KeyTrace", "Kind: key (1)", "Phase: began (0)", "HID usage: 0x0017", "Device: 4.5.129",
                      "Characters: t", "Timestamp uncertainty (ns): 1000000", "Outcome: text-input (2)",
                      "Target path: Window/Split/Editor/TextView", "Press sequence: 0",
                      "ReceiveToChainWalk (ns)", "Total (ns)", "keyCommands calls: 0", "Policy calls: 6",
                      "Label: scenario", "Change: first-responder (0)"] {
            #expect(t.stdout.contains(field), "tshark output lacks '\(field)'")
        }
        let json = try CLIRunner.run(["-X", "lua_script:" + lua, "-r", pcap, "-T", "fields", "-e", "keytrace.t_ns",
                                      "-e", "frame.time_epoch", "-c", "3"], executable: tshark)
        let firstLine = json.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix(String(Self.records[0].timestamp)))
    }
}
