import KeyTraceCore

/// Keyboard events from USB packets: a pcap/pcapng file or a live usbmon interface.
///
/// Link types 189 (usbmon, 48-byte header), 220 (usbmon, 64-byte header) and 249 (USBPcap)
/// are read; anything else is ``CaptureError/Code/unsupportedLinkType``. Both the file and
/// the live form hand every packet to the same decoder (see docs/Capture.md for the rules).
///
/// ```swift
/// let live = try USBCaptureSource(interface: "usbmon1")
/// // elsewhere, on SIGINT: live.stopper.stop()
/// while let event = try live.next() { … }
/// ```
public final class USBCaptureSource: StreamingCaptureSource {
    /// The file path or interface name.
    public let input: String
    /// Whether the source captures live (stats polled for drops, stop checked on each timeout).
    public let isLive: Bool
    /// Ends the capture when stopped (from any thread).
    public let stopper: CaptureStopper

    private let handle: PcapHandle
    // A source is read from one thread (only the stopper is shared), so its state skips the
    // dynamic exclusivity checks: one check per packet costs as much as decoding it.
    @exclusivity(unchecked) private var decoder: USBKeyboardDecoder
    @exclusivity(unchecked) var pending = PendingEvents()
    @exclusivity(unchecked) private var droppedSoFar: UInt64 = 0
    @exclusivity(unchecked) private var packetsSinceStats = 0

    /// Opens a pcap or pcapng file.
    public convenience init(file path: String, options: USBCaptureOptions = USBCaptureOptions(),
                            stopper: CaptureStopper = CaptureStopper()) throws(CaptureError) {
        try self.init(handle: PcapHandle.openFile(path), input: path, live: false, options: options, stopper: stopper)
    }

    /// Starts a live capture on `usbmonN` (libpcap immediate mode, 100 ms read timeout).
    ///
    /// Throws ``CaptureError/Code/usbmonNotLoaded``, ``CaptureError/Code/interfaceNotFound``
    /// or ``CaptureError/Code/permissionDenied`` with the command that fixes it.
    public convenience init(interface: String, options: USBCaptureOptions = USBCaptureOptions(),
                            stopper: CaptureStopper = CaptureStopper()) throws(CaptureError) {
        let handle = try PcapHandle.openLive(interface, environment: .current)
        try self.init(handle: handle, input: interface, live: true, options: options, stopper: stopper)
    }

    /// Reads `handle` as a file or as a live capture; tests run the live path over savefiles.
    init(handle: PcapHandle, input: String, live: Bool, options: USBCaptureOptions,
         stopper: CaptureStopper) throws(CaptureError) {
        guard let linkType = USBLinkType(rawValue: handle.linkType) else {
            throw CaptureError.unsupportedLinkType(input, linkType: handle.linkType)
        }
        self.handle = handle
        self.input = input
        self.isLive = live
        self.stopper = stopper
        decoder = USBKeyboardDecoder(linkType: linkType, options: options)
    }

    /// The keyboards a capture file identifies, one per device id (the most complete description),
    /// ordered by id, from a pass over the whole file. Empty when the file cannot be read.
    /// A recording names them from its own pass instead (``CaptureEvent/device(_:)``).
    public static func keyboards(inFile path: String, options: USBCaptureOptions = USBCaptureOptions()) -> [DeviceInfo] {
        var options = options
        options.recordsReports = false
        guard let source = try? USBCaptureSource(file: path, options: options) else { return [] }
        var latest: [DeviceID: DeviceInfo] = [:]
        while let event = try? source.next() {
            if case .device(let info) = event { latest[info.id] = info }
        }
        return latest.values.sorted { $0.id < $1.id }
    }

    /// The capture's link type (189 USB_LINUX, 220 USB_LINUX_MMAPPED or 249 USBPCAP).
    public var linkType: Int32 { handle.linkType }

    /// What has been decoded so far, with libpcap's drop count; complete once ``next()`` returned `nil` or threw.
    public var summary: CaptureSummary {
        var summary = decoder.summary
        summary.dropped = droppedSoFar
        return summary
    }

    /// Asks the capture to end; same as `stopper.stop()`.
    public func stop() { stopper.stop() }

    /// Reads one packet and decodes it (``next()`` comes from ``StreamingCaptureSource``).
    func readMore() throws(CaptureError) {
        if let end = read(into: &pending) { finish(end) }
    }

    /// Decodes packets straight into `sink` until the input ends, the stopper stops it or the
    /// sink wants no more; then hands out what the end of the input queued (drops, the error).
    public func deliverEvents<Sink: CaptureEventSink>(to sink: inout Sink) throws(CaptureError) {
        while sink.wantsMoreEvents {
            switch try pending.handout() {
            case .event(let event):
                sink.receive(event)
                continue
            case .end:
                return
            case .readMore:
                break
            }
            while !pending.isFinished, sink.wantsMoreEvents {
                if stopper.isStopped {
                    endInput()
                } else if let end = isLive ? read(into: &sink) : readBatch(into: &sink) {
                    finish(end)
                }
            }
        }
    }

    /// Fills batches with the decoder compiled for them (see ``CaptureSource/deliverBatches(capacity:_:)``).
    ///
    /// The body is the protocol's default one. Declared here, its call to ``deliverEvents(to:)``
    /// is this class's own, specialized for the concrete batch filler; the default reaches it
    /// through the protocol, as unspecialized generic code.
    public func deliverBatches(capacity: Int, _ handOver: (inout CaptureEventBatch) -> Bool) throws(CaptureError) {
        try BatchFiller.fill(capacity: capacity, handOver: handOver) { (filler) throws(CaptureError) in
            try deliverEvents(to: &filler)
        }
    }

    /// Reads one packet and decodes it into `sink`; returns how the input ended, if it did.
    ///
    /// A live capture waits at most 100 ms per read before the stopper is checked again, and polls
    /// libpcap's drop counters, reporting new losses as ``CaptureEvent/dropped(count:)``.
    private func read<Sink: CaptureEventSink>(into sink: inout Sink) -> InputEnd? {
        switch handle.read() {
        case .packet(let timestamp, let bytes):
            decoder.consume(bytes, timestamp: timestamp, into: &sink)
            if isLive {
                packetsSinceStats += 1
                if packetsSinceStats >= 256 { pollDrops(into: &sink) }
            }
            return nil
        case .timeout:
            if isLive { pollDrops(into: &sink) }
            return nil
        case .end:
            return .end
        case .failure(let offset):
            return .failure(offset: offset)
        }
    }

    /// Reads up to ``batchSize`` packets of a savefile with one libpcap call and decodes them into
    /// `sink`; once the sink wants no more, the rest of the batch is decoded into ``pending``, so
    /// the sink gets nothing it did not ask for and a later ``next()`` loses nothing. Returns how
    /// the input ended, if it did.
    private func readBatch<Sink: CaptureEventSink>(into sink: inout Sink) -> InputEnd? {
        let end = handle.readPackets(limit: Self.batchSize) { timestamp, bytes in
            if Self.wantsMoreEvents(&sink) {
                decoder.consume(bytes, timestamp: timestamp, into: &sink)
            } else {
                decoder.consume(bytes, timestamp: timestamp, into: &pending)
            }
        }
        switch end {
        case .more: return nil
        case .end: return .end
        case .failure(let offset): return .failure(offset: offset)
        }
    }

    /// Asks `sink` through a function of its own: read directly in ``readBatch(into:)``'s
    /// closure, the property makes the compiler copy the whole sink for every packet.
    private static func wantsMoreEvents<Sink: CaptureEventSink>(_ sink: inout Sink) -> Bool { sink.wantsMoreEvents }

    /// The most packets ``readBatch(into:)`` reads at once; the stopper is checked between batches.
    private static let batchSize = 4096

    /// How the input ended: at the end of the file, or with a libpcap read failure where the
    /// failed record starts. Plain values, so the read that returns it per packet frees nothing.
    private enum InputEnd {
        case end
        case failure(offset: Int?)
    }

    /// Ends the input (see ``finish(error:)``).
    private func finish(_ end: InputEnd) {
        guard case .failure(let offset) = end else { return finish() }
        finish(error: CaptureError.readFailure(input, libpcap: handle.errorMessage, offset: offset,
                                               packetsRead: decoder.summary.packetsRead))
    }

    func endInput() { finish() }

    private func pollDrops<Sink: CaptureEventSink>(into sink: inout Sink) {
        packetsSinceStats = 0
        guard let dropped = handle.droppedCount(), dropped > droppedSoFar else { return }
        sink.receive(.dropped(count: dropped - droppedSoFar))
        droppedSoFar = dropped
    }

    /// Ends the input: a live capture's last drops, the decoder's end, and the error thrown after
    /// the pending events: `error`, else ``CaptureError/Code/noKeyboard`` when
    /// ``USBCaptureOptions/requiresKeyboard`` is set and none was found.
    private func finish(error: CaptureError? = nil) {
        if isLive { pollDrops(into: &pending) }
        decoder.finish()
        let noKeyboard = decoder.options.requiresKeyboard && decoder.keyboardsFound == 0
        pending.finish(deferring: error ?? (noKeyboard ? CaptureError.noKeyboard(input, summary: summary) : nil))
    }
}
