import Foundation
import KeyTraceCore
import Testing
import CLITestSupport

/// `keytrace analyze`'s keyboard-hardware figures of each real capture, checked against an
/// independent computation from tshark's own dissection of the same file: the reports that
/// changed a key, the gaps between them and each key's longest dwell.
@Suite struct HardwareFiguresTsharkTests {
    @Test(arguments: Captures.all)
    func pollingAndDwellAgreeWithTshark(capture: String) throws {
        let binary = try #require(CLIRunner.binary, "the keytrace binary was not found beside the tests; run swift build first")
        let directory = try TemporaryDirectory()
        let trace = directory.path("capture.ktrace")
        _ = try run(binary, ["record", "--pcap", Captures.path(capture), "-o", trace])
        let json = try run(binary, ["analyze", trace, "--format", "json"])
        let analysis = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let hardware = try #require(analysis["hardware"] as? [String: Any])
        let devices = try #require(hardware["devices"] as? [[String: Any]])

        // tshark: every 8-byte interrupt-IN report, diffed into transitions by the oracle.
        let transitions = TsharkOracle.transitions(of: try TsharkOracle.reports(in: Captures.path(capture)))
        let byDevice = Dictionary(grouping: transitions, by: \.device)
        #expect(!devices.isEmpty)
        #expect(devices.count == byDevice.count)
        for device in devices {
            let id = try #require(device["id"] as? String)
            let own = try #require(byDevice.first { $0.key.description == id }?.value, "\(capture): no tshark reports for \(id)")
            var times: [UInt64] = []
            var downs: [UInt16: UInt64] = [:]
            var longest: [UInt16: UInt64] = [:]
            var keyDowns = 0
            for transition in own {
                if times.last != transition.timestamp { times.append(transition.timestamp) }
                switch transition.phase {
                case .began:
                    keyDowns += 1
                    downs[transition.usage] = transition.timestamp
                case .ended:
                    if let down = downs.removeValue(forKey: transition.usage) {
                        longest[transition.usage] = max(longest[transition.usage] ?? 0, transition.timestamp - down)
                    }
                default: break
                }
            }
            let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
            #expect(device["keyDowns"] as? Int == keyDowns, "\(capture)")
            #expect(device["reports"] as? Int == times.count, "\(capture)")
            let polling = try #require(device["polling"] as? [String: Any])
            let interval = try #require(polling["reportInterval"] as? [String: Any])
            #expect(interval["count"] as? Int == gaps.count, "\(capture)")
            #expect((interval["min"] as? NSNumber)?.uint64Value == gaps.min(), "\(capture)")
            #expect((interval["max"] as? NSNumber)?.uint64Value == gaps.max(), "\(capture)")
            for key in try #require(device["keys"] as? [[String: Any]]) {
                let usage = try #require((key["usage"] as? NSNumber)?.uint16Value)
                #expect((key["dwellMaxNanoseconds"] as? NSNumber)?.uint64Value == longest[usage], "\(capture) usage \(usage)")
            }
        }
    }
}
