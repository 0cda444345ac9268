import Testing
@testable import KeyTraceCore

/// The notation of a platform at a version: `ipad`, `ipad@18`, `catalyst@26.1`.
@Suite struct PlatformVersionTests {
    @Test func aPlatformReadsWithOrWithoutAVersionAndPrintsBothParts() throws {
        #expect(PlatformVersion(notation: "ipad") == PlatformVersion(.ipad, .current))
        #expect(PlatformVersion(notation: "ipad@18") == PlatformVersion(.ipad, OSVersion(18, 0)))
        #expect(PlatformVersion(notation: "catalyst@26.1") == PlatformVersion(.catalyst, OSVersion(26, 1)))
        #expect(PlatformVersion(notation: "catalyst@26.1")?.description == "catalyst@26.1")
        #expect(PlatformVersion(notation: "ipad@14.8")?.displayName == "iPadOS 14.8")
        #expect(PlatformVersion.default.description == "ipad@\(OSVersion.current)")
    }

    @Test func anythingElseIsRefused() {
        for bad in ["", "iphone", "ipad@", "ipad@x", "ipad@18.", "ipad@18.1.2", "ipad@-3", "ipad@6", "ipad@99", "IPAD"] {
            #expect(PlatformVersion(notation: bad) == nil, "\(bad)")
        }
    }

    @Test func versionsCompareByMajorThenMinor() {
        #expect(OSVersion(14, 8) < OSVersion(15, 0))
        #expect(OSVersion(15, 1) > OSVersion(15, 0))
        #expect(OSVersion("15") == OSVersion(15, 0))
    }
}
