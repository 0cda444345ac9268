import Testing
import ResponderEngine
import TraceFormat
@testable import Recording

/// The first-responder fallback a trace was recorded with (R10), read back from its metadata.
@Suite struct TraceMetadataEngineTests {
    @Test func aTraceNamesItsFallbackAndOneFromBeforeTheKeyReadsAsTheStandInItWasRecordedWith() {
        var metadata = TraceMetadata()
        #expect(metadata.firstResponderFallback == nil, "no scene: nothing was dispatched")
        metadata.sceneName = "pdf-viewer"
        #expect(metadata.firstResponderFallback == .deepestController, "recorded when the stand-in was the only behaviour")
        metadata.firstResponderFallback = FirstResponderFallback.none
        #expect(metadata.custom["firstResponderFallback"] == "none")
        #expect(metadata.firstResponderFallback == FirstResponderFallback.none)
        metadata.custom["firstResponderFallback"] = "root-controller"
        #expect(metadata.firstResponderFallback == nil, "a name this version does not know")
    }
}
