import TraceFormat

/// The records of one press, joined by `pressSequence`: the analyzer's press window and the
/// Chrome exporter both assemble presses in it.
package struct PressState {
    package var sequence: UInt64 = 0
    package var isOccupied = false
    package var key: KeyRecord?
    package var resolution: ResolutionRecord?
    package var timings: StageTimingsRecord?

    package init(sequence: UInt64 = 0, isOccupied: Bool = false, key: KeyRecord? = nil, resolution: ResolutionRecord? = nil,
                 timings: StageTimingsRecord? = nil) {
        self.sequence = sequence
        self.isOccupied = isOccupied
        self.key = key
        self.resolution = resolution
        self.timings = timings
    }
}
