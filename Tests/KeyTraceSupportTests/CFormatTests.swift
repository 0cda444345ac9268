import Foundation
import Testing
import KeyTraceSupport

/// `String(cFormat:)` gives what Foundation's `String(format:)` gives for every conversion the
/// reports use, including texts longer than its first buffer.
struct CFormatTests {
    @Test(arguments: [0.0, 1.0, -1.5, 0.000_123_4, 2.675, 99.95, 1234.5678, 1e-7, 3.2e12, -0.0])
    func numbersFormatAsFoundationFormatsThem(value: Double) {
        for format in ["%.0f", "%.1f", "%.2f", "%.3f", "%.6f", "+%.6f s", "%+.1f %%", "%g", "%g %%", "%.3g", "%.1e",
                       "%.3f [%.3f, %.3f]"] {
            #expect(String(cFormat: format, value, value * 2, value / 3) == String(format: format, value, value * 2, value / 3),
                    "\(format) of \(value)")
        }
    }

    @Test func integersAndHexFormatAsFoundationFormatsThem() {
        #expect(String(cFormat: "#%02x%02x%02x", 255, 8, 0) == "#ff0800")
        #expect(String(cFormat: "threshold %.0f ns (the larger of %.1f %% and %llu ns)", 12.5, 5.0, UInt64(400))
                == String(format: "threshold %.0f ns (the larger of %.1f %% and %llu ns)", 12.5, 5.0, UInt64(400)))
    }

    @Test func aTextLongerThanTheFirstBufferIsWhole() {
        let long = String(cFormat: "%.200f", 1.0)
        #expect(long == String(format: "%.200f", 1.0))
        #expect(long.count == 202)
    }
}
