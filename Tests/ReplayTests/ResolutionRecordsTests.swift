import KeyTraceCore
import KeyTraceSupport
@testable import Replay
import ResponderEngine
import Testing

/// The responder paths a replay's records carry: checked from the top down after the
/// hierarchy moves, built from the parent's path for responders new to the cache.
@Suite struct ResolutionRecordsTests {
    /// Every responder's cached path equals the one the engine walks, after each of many random
    /// renames and moves (between generations, as a replay checks paths before each event).
    @Test(arguments: [1, 2, 3] as [UInt64])
    func pathsFollowEveryRenameAndMove(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let pick = { (n: Int) in Int(rng.next() % UInt64(n)) }
        let application = Application(name: "app")
        let responders = (0..<24).map { Responder(name: $0 % 5 == 0 ? "" : "r\($0)") }
        // A forest under the application: each responder's parent is an earlier one or the top.
        for (index, responder) in responders.enumerated() {
            responder.setNext(index == 0 ? application : (pick(4) == 0 ? application : responders[pick(index)]))
        }
        var records = ResolutionRecords()
        var wrong: [String] = []
        for step in 0..<400 {
            let chain = ResponderChain.walk(from: responders[pick(responders.count)])
            records.prepare { chain }
            for responder in responders.shuffled(using: &rng).prefix(6) {
                let got = records.path(of: responder).path
                if got != responder.description { wrong.append("step \(step): \(got) ≠ \(responder.description)") }
            }
            // Move something: rename, or give a new parent that is not below it.
            let moved = responders[pick(responders.count)]
            if pick(3) == 0 {
                moved.name = pick(4) == 0 ? "" : "n\(step)"
            } else if let index = responders.firstIndex(where: { $0 === moved }), index > 0 {
                moved.setNext(pick(5) == 0 ? application : responders[pick(index)])
            }
            records.invalidatePaths()
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// A path parent that leads back to the responder (a cycle) still gives the path the engine
    /// walks.
    @Test func aCycleGivesThePathTheEngineWalks() {
        let a = Responder(name: "a")
        let b = Responder(name: "b")
        a.setNext(b)
        b.setNext(a)
        var records = ResolutionRecords()
        records.prepare { ResponderChain.walk(from: a) }
        #expect(records.path(of: a).path == a.description)
        #expect(records.path(of: b).path == b.description)
    }
}
