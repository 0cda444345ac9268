extension TraceAnalysis.HardwareDevice {
    /// The device with the most key-downs in the trace at `path`: the keyboard a capture is of.
    /// Throws the reader's error, or ``NoKeyboardError`` when no device pressed a key.
    package static func busiest(inTraceAt path: String) throws -> TraceAnalysis.HardwareDevice {
        var analyzer = TraceAnalyzer(top: 0)
        try analyzer.addTrace(at: path)
        guard let device = analyzer.finish().hardware?.devices.max(by: { $0.keyDowns < $1.keyDowns }) else {
            throw NoKeyboardError()
        }
        return device
    }

    /// A trace with no key records from a device: nothing for a hardware comparison.
    package struct NoKeyboardError: Error, CustomStringConvertible {
        package var description: String {
            "no key records from a device (USB or evdev capture): compare's traces are keyboard captures; "
                + "to compare the engine's speed on a scene, run keytrace bench on each side and compare the two results"
        }
    }
}
