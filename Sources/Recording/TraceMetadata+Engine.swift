import ResponderEngine
import TraceFormat

extension TraceMetadata {
    /// The metadata key that names the first-responder fallback (R10) a trace was recorded with.
    static let firstResponderFallbackKey = "firstResponderFallback"

    /// The first-responder fallback the trace was recorded with (R10), so that a replay starts
    /// from where the recording did: `nil` when the trace names none (nothing stood in) or names
    /// one this version does not know.
    public var firstResponderFallback: FirstResponderFallback? {
        get { custom[Self.firstResponderFallbackKey].flatMap(FirstResponderFallback.init(rawValue:)) }
        set {
            // Only a stand-in is written: traces recorded as on the device keep their metadata as it was.
            custom[Self.firstResponderFallbackKey] = newValue.flatMap { $0 == .none ? nil : $0.rawValue }
        }
    }
}
