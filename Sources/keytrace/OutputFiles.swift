import CPcap
import KeyTraceCore
import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A nanosecond pcap file written through libpcap, one packet per record.
struct PcapDumper {
    private let pcap: OpaquePointer
    private let dumper: OpaquePointer
    private let path: String

    init(path: String) throws {
        guard let pcap = pcap_open_dead_with_tstamp_precision(TraceRecord.pcapLinkType, 65_535, UInt32(PCAP_TSTAMP_PRECISION_NANO))
        else { throw CommandFailure.io("libpcap could not create a capture handle") }
        guard let dumper = pcap_dump_open(pcap, path) else {
            let reason = String(cString: pcap_geterr(pcap))
            pcap_close(pcap)
            throw CommandFailure.io("cannot write '\(path)': \(reason)")
        }
        self.pcap = pcap
        self.dumper = dumper
        self.path = path
    }

    func write(_ record: TraceRecord) {
        let payload = record.pcapPayload
        var header = pcap_pkthdr()
        header.ts.tv_sec = Int(record.timestamp / 1_000_000_000)
        header.ts.tv_usec = Int(record.timestamp % 1_000_000_000)
        header.caplen = UInt32(payload.count)
        header.len = UInt32(payload.count)
        payload.withUnsafeBufferPointer { bytes in
            pcap_dump(UnsafeMutableRawPointer(dumper).assumingMemoryBound(to: UInt8.self), &header, bytes.baseAddress)
        }
    }

    func close() throws {
        let failed = pcap_dump_flush(dumper) != 0
        let flushError = errno
        let file = pcap_dump_file(dumper)
        let failedBefore = file.map { ferror($0) != 0 } ?? false
        // pcap_dump_close reports nothing: the flush and the stream's error flag say whether all was written.
        pcap_dump_close(dumper)
        pcap_close(pcap)
        if failed || failedBefore {
            throw CommandFailure.io("cannot write '\(path)': \(String(cString: strerror(flushError == 0 ? EIO : flushError))); the output is incomplete")
        }
    }
}

/// A text output written in 64 KiB blocks through ``OutputFile`` (in place: a file is created
/// or truncated, a device or FIFO written as it is), every write and the close checked.
final class TextFile {
    private var stream: OutputFile.Stream
    private var buffer: [UInt8] = []

    init(path: String) throws {
        stream = try OutputFile(path).open()
        buffer.reserveCapacity(1 << 16 + 1024)
    }

    func line(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        buffer.append(0x0A)
        try flushIfFull()
    }

    /// Writes `s` as is (no newline added).
    func text(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        try flushIfFull()
    }

    /// Writes `bytes` as they are.
    func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        try flushIfFull()
    }

    private func flushIfFull() throws {
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        try stream.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        try stream.close()
    }
}
