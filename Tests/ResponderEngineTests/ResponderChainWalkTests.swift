import ResponderEngine
import Testing

/// `ResponderChain.walk(from:)` finds repeats by identity however long the chain is: below the
/// linear-search limit, across it, and past it.
@Suite struct ResponderChainWalkTests {
    /// `count` plain responders, each the next of the one before.
    private func line(_ count: Int) -> [Responder] {
        let responders = (0..<count).map { Responder(name: "r\($0)") }
        for (a, b) in zip(responders, responders.dropFirst()) { a.setNext(b) }
        return responders
    }

    @Test(arguments: [1, 2, 15, 16, 17, 40, 300])
    func aChainWithoutRepeatsIsWalkedToItsEnd(length: Int) {
        let responders = line(length)
        let chain = ResponderChain.walk(from: responders[0])
        #expect(chain.responders.map(ObjectIdentifier.init) == responders.map(ObjectIdentifier.init))
        #expect(chain.cycleDetectedAt == nil)
    }

    @Test(arguments: [(2, 0), (16, 3), (16, 15), (17, 0), (17, 16), (40, 5), (40, 30), (300, 299)])
    func aRepeatEndsTheWalkAndIsNamed(length: Int, loopTo: Int) {
        let responders = line(length)
        responders[length - 1].setNext(responders[loopTo])
        let chain = ResponderChain.walk(from: responders[0])
        #expect(chain.count == length)
        #expect(chain.cycleDetectedAt === responders[loopTo])
    }

    @Test func aChainLongerThanTheMaximumIsCut() {
        let responders = line(Responder.maximumChainLength + 3)
        let chain = ResponderChain.walk(from: responders[0])
        #expect(chain.count == Responder.maximumChainLength)
        #expect(chain.cycleDetectedAt === responders[Responder.maximumChainLength])
    }
}
