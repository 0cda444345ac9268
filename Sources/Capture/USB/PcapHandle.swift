import CPcap
import KeyTraceSupport

/// An open libpcap handle, savefile or live, closed on deinit.
final class PcapHandle {
    enum ReadResult {
        /// A packet: its timestamp in ns since the Unix epoch and its captured bytes, valid
        /// until the next read.
        case packet(timestamp: UInt64, bytes: UnsafeRawBufferPointer)
        /// A live read timed out with nothing captured.
        case timeout
        /// The savefile ended.
        case end
        /// libpcap failed (``errorMessage`` says why); `offset` is where the failed record starts
        /// in a savefile. No case carries a reference, so a read result costs no release.
        case failure(offset: Int?)
    }

    /// libpcap's message for the last failed read.
    var errorMessage: String { String(cString: pcap_geterr(pcap)) }

    private let pcap: OpaquePointer
    let linkType: Int32
    let isSavefile: Bool
    private let nanosecondsPerTick: UInt64
    /// The size of a record header in a classic pcap savefile (16, or 24 in the "modified"
    /// format); `nil` for pcapng and live captures.
    private let recordHeaderSize: Int?
    /// Where the next record starts in a classic pcap savefile, counted from the record sizes
    /// rather than asked of the file for every packet.
    private var nextRecordOffset: Int?
    /// The buffer of a savefile's stream, owned by the handle.
    private let streamBuffer: UnsafeMutablePointer<CChar>?

    private init(pcap: OpaquePointer, isSavefile: Bool, streamBuffer: UnsafeMutablePointer<CChar>? = nil) {
        self.pcap = pcap
        self.isSavefile = isSavefile
        self.streamBuffer = streamBuffer
        linkType = pcap_datalink(pcap)
        nanosecondsPerTick = pcap_get_tstamp_precision(pcap) == Int32(PCAP_TSTAMP_PRECISION_NANO) ? 1 : 1000
        var headerSize: Int?
        var start: Int?
        if isSavefile, let file = pcap_file(pcap) {
            var magic: UInt32 = 0
            if pread(fileno(file), &magic, 4, 0) == 4 {
                switch magic {
                case 0xA1B2_C3D4, 0xD4C3_B2A1, 0xA1B2_3C4D, 0x4D3C_B2A1: headerSize = 16
                case 0xA1B2_CD34, 0x34CD_B2A1: headerSize = 24
                default: headerSize = nil  // pcapng
                }
            }
            let offset = ftell(file)
            start = offset >= 0 ? offset : nil
            // libpcap reads a savefile with two `fread` calls per packet; a handle is read by one
            // thread at a time, so the stream's lock, taken by each call once the process has a
            // second thread, only costs time.
            _ = __fsetlocking(file, Int32(FSETLOCKING_BYCALLER))
        }
        recordHeaderSize = start == nil ? nil : headerSize
        nextRecordOffset = start
    }

    deinit {
        pcap_close(pcap)  // closes a savefile's stream, which reads into `streamBuffer`
        streamBuffer?.deallocate()
    }

    /// Opens a pcap or pcapng file with nanosecond timestamps (libpcap scales µs files and
    /// pcapng interfaces of any `if_tsresol`).
    static func openFile(_ path: String) throws(CaptureError) -> PcapHandle {
        var info = stat()
        if stat(path, &info) != 0 { throw CaptureError.cannotOpen(path, errno: errno) }
        if info.st_mode & S_IFMT == S_IFDIR { throw CaptureError.cannotOpen(path, errno: EISDIR) }
        if info.st_mode & S_IFMT == S_IFREG, info.st_size == 0 { throw CaptureError.emptyCapture(path) }
        if access(path, R_OK) != 0 { throw CaptureError.cannotOpen(path, errno: errno) }
        guard let file = fopen(path, "rb") else { throw CaptureError.cannotOpen(path, errno: errno) }
        // A savefile is read front to back: a large stream buffer makes one read(2) per
        // `streamBufferSize` bytes instead of one per 4 KiB block. The buffer must be set before
        // the first read, so the handle opens the stream itself and frees the buffer after it.
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: streamBufferSize)
        _ = setvbuf(file, buffer, _IOFBF, streamBufferSize)
        var errorBuffer = [CChar](repeating: 0, count: Int(PCAP_ERRBUF_SIZE) + 1)
        guard let pcap = pcap_fopen_offline_with_tstamp_precision(
            file, UInt32(PCAP_TSTAMP_PRECISION_NANO), &errorBuffer)
        else {
            fclose(file)
            buffer.deallocate()
            throw CaptureError.notACapture(path, libpcap: cString(errorBuffer))
        }
        return PcapHandle(pcap: pcap, isSavefile: true, streamBuffer: buffer)
    }

    /// The size of a savefile's stream buffer.
    private static let streamBufferSize = 256 * 1024

    /// Opens a live interface in immediate mode with a 100 ms read timeout.
    static func openLive(_ interface: String, environment: USBMonEnvironment) throws(CaptureError) -> PcapHandle {
        guard USBMonEnvironment.isUSBMonName(interface) else { throw CaptureError.notUSBMon(interface) }
        var errorBuffer = [CChar](repeating: 0, count: Int(PCAP_ERRBUF_SIZE) + 1)
        guard let pcap = pcap_create(interface, &errorBuffer) else {
            throw CaptureError.liveOpenFailed(interface, status: PCAP_ERROR,
                                              libpcap: cString(errorBuffer), environment: environment)
        }
        _ = pcap_set_snaplen(pcap, 65_535)
        _ = pcap_set_immediate_mode(pcap, 1)
        _ = pcap_set_timeout(pcap, 100)
        _ = pcap_set_tstamp_precision(pcap, Int32(PCAP_TSTAMP_PRECISION_NANO))
        let status = pcap_activate(pcap)
        if status < 0 {
            let message = String(cString: pcap_geterr(pcap))
            pcap_close(pcap)
            throw CaptureError.liveOpenFailed(interface, status: status, libpcap: message, environment: environment)
        }
        return PcapHandle(pcap: pcap, isSavefile: false)
    }

    /// Where the next record starts in a savefile, asked of the file.
    private var fileOffset: Int? {
        guard isSavefile, let file = pcap_file(pcap) else { return nil }
        let offset = ftell(file)
        return offset >= 0 ? offset : nil
    }

    func read() -> ReadResult {
        let offset = recordHeaderSize == nil ? fileOffset : nextRecordOffset
        var header: UnsafeMutablePointer<pcap_pkthdr>?
        var data: UnsafePointer<UInt8>?
        switch pcap_next_ex(pcap, &header, &data) {
        case 1:
            guard let header, let data else { return .timeout }
            if let recordHeaderSize, let offset { nextRecordOffset = offset + recordHeaderSize + Int(header.pointee.caplen) }
            return .packet(timestamp: Self.nanoseconds(header.pointee.ts, perTick: nanosecondsPerTick),
                           bytes: UnsafeRawBufferPointer(start: data, count: Int(header.pointee.caplen)))
        case 0:
            return .timeout
        case PCAP_ERROR_BREAK:
            return .end
        default:
            return .failure(offset: offset)
        }
    }

    /// How a ``readPackets(limit:_:)`` call ended.
    enum BatchEnd {
        /// Up to `limit` packets were read (none when a live read timed out); more may follow.
        case more
        /// The savefile ended.
        case end
        /// libpcap failed (``errorMessage`` says why); `offset` is where the failed record starts
        /// in a savefile.
        case failure(offset: Int?)
    }

    /// Reads up to `limit` packets with one libpcap call (`pcap_dispatch`), calling `body` with
    /// each one's timestamp (ns since the Unix epoch) and captured bytes, valid during the call.
    ///
    /// The same packets and timestamps as ``read()``, without a call and a result per packet:
    /// what a loop over a whole savefile uses.
    func readPackets(limit: Int, _ body: (_ timestamp: UInt64, _ bytes: UnsafeRawBufferPointer) -> Void) -> BatchEnd {
        let start = recordHeaderSize == nil ? fileOffset : nextRecordOffset
        return withoutActuallyEscaping(body) { body in
            var batch = DispatchBatch(body: body, nanosecondsPerTick: nanosecondsPerTick,
                                      recordHeaderSize: recordHeaderSize ?? 0,
                                      file: recordHeaderSize == nil && isSavefile ? pcap_file(pcap) : nil,
                                      nextRecordOffset: start ?? -1)
            let status = withUnsafeMutablePointer(to: &batch) { batch in
                pcap_dispatch(pcap, Int32(clamping: max(limit, 1)), { user, header, data in
                    guard let user, let header, let data else { return }
                    user.withMemoryRebound(to: DispatchBatch.self, capacity: 1) { $0.pointee.deliver(header.pointee, data) }
                }, UnsafeMutableRawPointer(batch).assumingMemoryBound(to: UInt8.self))
            }
            let offset = batch.nextRecordOffset >= 0 ? batch.nextRecordOffset : nil
            if recordHeaderSize != nil { nextRecordOffset = offset }
            switch status {
            case 0 where isSavefile: return .end
            case 0...: return .more
            default: return .failure(offset: offset)
            }
        }
    }

    /// What the `pcap_dispatch` callback needs, reached through its user pointer; plain values,
    /// as it runs for every packet.
    private struct DispatchBatch {
        let body: (UInt64, UnsafeRawBufferPointer) -> Void
        let nanosecondsPerTick: UInt64
        /// The size of a classic savefile's record header, 0 when records have none of fixed size.
        let recordHeaderSize: Int
        /// The savefile, for the next record's offset when records have no fixed header (pcapng).
        let file: UnsafeMutablePointer<FILE>?
        /// Where the next record starts, -1 when unknown: counted from the record sizes, else
        /// asked of `file`.
        var nextRecordOffset: Int

        mutating func deliver(_ header: pcap_pkthdr, _ data: UnsafePointer<UInt8>) {
            if recordHeaderSize > 0 {
                if nextRecordOffset >= 0 { nextRecordOffset += recordHeaderSize + Int(header.caplen) }
            } else if let file {
                nextRecordOffset = ftell(file)
            }
            body(PcapHandle.nanoseconds(header.ts, perTick: nanosecondsPerTick),
                 UnsafeRawBufferPointer(start: data, count: Int(header.caplen)))
        }
    }

    /// A packet header's time in ns since the Unix epoch (times before it read as the epoch).
    private static func nanoseconds(_ ts: timeval, perTick: UInt64) -> UInt64 {
        let seconds = UInt64(max(0, Int64(ts.tv_sec)))
        let ticks = UInt64(max(0, Int64(ts.tv_usec)))
        return seconds &* 1_000_000_000 &+ ticks &* perTick
    }

    /// Packets dropped so far (kernel buffer and interface), or `nil` when libpcap cannot say
    /// (savefiles).
    func droppedCount() -> UInt64? {
        var stats = pcap_stat()
        guard pcap_stats(pcap, &stats) == 0 else { return nil }
        return UInt64(stats.ps_drop) + UInt64(stats.ps_ifdrop)
    }

    /// `EN10MB` and `Ethernet` for link type 1; `nil` for values libpcap does not know.
    static func linkTypeNames(_ linkType: Int32) -> (name: String, description: String)? {
        guard let name = pcap_datalink_val_to_name(linkType) else { return nil }
        let description = pcap_datalink_val_to_description(linkType).map { String(cString: $0) } ?? ""
        return (String(cString: name), description)
    }
}

func cString(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
