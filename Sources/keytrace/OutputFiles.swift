import CPcap
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

    mutating func write(_ record: TraceRecord) {
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
        pcap_dump_close(dumper)
        pcap_close(pcap)
        if failed { throw CommandFailure.io("cannot write '\(path)': flushing the pcap file failed") }
    }
}

/// A text output file written in 64 KiB blocks.
struct TextFile {
    private let file: UnsafeMutablePointer<FILE>
    private let path: String

    init(path: String) throws {
        guard let file = fopen(path, "w") else {
            throw CommandFailure.io("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        self.file = file
        self.path = path
    }

    mutating func line(_ s: String) throws {
        var text = s
        text.append("\n")
        let ok = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        if !ok { throw CommandFailure.io("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    }

    /// Writes `s` as is (no newline added).
    func text(_ s: String) throws {
        var text = s
        let ok = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        if !ok { throw CommandFailure.io("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    }

    /// Writes `bytes` as they are.
    func write(_ bytes: [UInt8]) throws {
        let ok = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        if !ok { throw CommandFailure.io("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    }

    func close() throws {
        if fclose(file) != 0 { throw CommandFailure.io("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    }
}
