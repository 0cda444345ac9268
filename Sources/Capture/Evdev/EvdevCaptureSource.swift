import KeyTraceCore
import KeyTraceSupport

/// Keyboard events from a Linux evdev node (`/dev/input/eventN`) or a file of raw
/// `struct input_event` records (what `cat /dev/input/eventN > file` saves).
///
/// ```
/// struct input_event, 64-bit Linux (24 bytes, host byte order):
///  0           8           16     18     20        24
/// +-----------+-----------+------+------+---------+
/// |  tv_sec   |  tv_usec  | type | code |  value  |
/// |   i64     |   i64     | u16  | u16  |   i32   |
/// +-----------+-----------+------+------+---------+
/// ```
/// Reading a node needs read permission on it (root or the `input` group); the error says so.
/// A device node is read until ``stopper`` is stopped; a file until its end.
public final class EvdevCaptureSource: StreamingCaptureSource {
    /// The device node or record file being read.
    public let path: String
    /// Ends the capture when stopped (from any thread); a device node notices within its 100 ms read timeout.
    public let stopper: CaptureStopper
    private let file: InputFile
    private let options: EvdevOptions
    private var decoder: EvdevDecoder
    private var buffer: [UInt8]
    private var filled = 0
    private var bytesConsumed = 0
    var pending = PendingEvents()

    /// Opens `path`, an evdev node or a file of raw `input_event` records.
    ///
    /// Throws when the file cannot be opened, e.g. without read permission on the node (root or the `input` group).
    public init(path: String, options: EvdevOptions = EvdevOptions(),
                stopper: CaptureStopper = CaptureStopper()) throws(CaptureError) {
        file = try InputFile(path: path, evdev: true)
        self.path = path
        self.options = options
        self.stopper = stopper
        buffer = [UInt8](repeating: 0, count: options.recordLayout.size * 64)
        let device = DeviceID(kind: .evdev, EvdevCaptureSource.nodeNumber(path))
        decoder = EvdevDecoder(device: device, layout: options.layout, uncertaintyNs: options.timestampUncertaintyNs,
                               tracksCapsLock: options.tracksCapsLock)
        decoder.announce(DeviceInfo(id: device, pollingIntervalNs: options.timestampUncertaintyNs,
                                    identifiedBy: .evdev, name: file.evdevName()), into: &pending.events)
    }

    /// `N` of a path ending in `eventN`, else 0.
    static func nodeNumber(_ path: String) -> UInt16 {
        let name = PathText.lastComponent(of: path)
        guard name.hasPrefix("event") else { return 0 }
        return UInt16(name.dropFirst("event".count)) ?? 0
    }

    /// What has been decoded so far; complete once ``next()`` returned `nil` or threw.
    public var summary: CaptureSummary { decoder.summary }

    /// Asks the capture to end; same as `stopper.stop()`.
    public func stop() { stopper.stop() }

    /// Reads a block of records and decodes them (``next()`` comes from ``StreamingCaptureSource``).
    ///
    /// Waits at most 100 ms per read on a device node before the stopper is checked again. A record
    /// cut off at the end of a file, a device that goes away or a failed read throws once, after the
    /// events decoded before it.
    func readMore() throws(CaptureError) {
        switch file.read(into: &buffer, at: filled, timeoutMs: file.isCharacterDevice ? 100 : nil) {
        case .bytes(let count):
            filled += count
            decodeRecords()
        case .timeout:
            break
        case .end:
            if filled > 0 {
                finish(error: CaptureError(.truncated,
                    "the file ends inside an input_event record: \(filled) of \(options.recordLayout.size) bytes "
                    + "at byte offset \(bytesConsumed); the records before it were decoded",
                    input: path, byteOffset: bytesConsumed))
            } else {
                finish()
            }
        case .failure(let code):
            finish(error: code == ENODEV
                ? CaptureError(.readFailed, "the device went away (unplugged?); the events before were decoded",
                               input: path, byteOffset: bytesConsumed)
                : CaptureError(.readFailed, "reading failed at byte offset \(bytesConsumed) (errno \(code))",
                               input: path, byteOffset: bytesConsumed))
        }
    }

    func endInput() { finish() }

    private func decodeRecords() {
        let size = options.recordLayout.size
        var offset = 0
        buffer.withUnsafeBytes { raw in
            while offset + size <= filled {
                let record = UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + size)])
                let (seconds, microseconds, fields): (Int64, Int64, Int)
                if options.recordLayout == .time64 {
                    seconds = record.getHostOrder(at: 0, as: Int64.self) ?? 0
                    microseconds = record.getHostOrder(at: 8, as: Int64.self) ?? 0
                    fields = 16
                } else {
                    seconds = Int64(record.getHostOrder(at: 0, as: Int32.self) ?? 0)
                    microseconds = Int64(record.getHostOrder(at: 4, as: Int32.self) ?? 0)
                    fields = 8
                }
                let timestamp = UInt64(max(0, seconds)) &* 1_000_000_000 &+ UInt64(max(0, microseconds)) &* 1_000
                decoder.consume(type: record.getHostOrder(at: fields, as: UInt16.self) ?? 0,
                                code: record.getHostOrder(at: fields + 2, as: UInt16.self) ?? 0,
                                value: record.getHostOrder(at: fields + 4, as: Int32.self) ?? 0,
                                timestamp: timestamp, into: &pending.events)
                offset += size
            }
        }
        bytesConsumed += offset
        if offset > 0 {
            buffer.replaceSubrange(0..<(filled - offset), with: buffer[offset..<filled])
            filled -= offset
        }
    }

    private func finish(error: CaptureError? = nil) {
        decoder.finish()
        pending.finish(deferring: error)
    }
}
