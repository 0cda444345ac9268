import CPcap
import KeyTraceCore
import KeyTraceSupport

/// A nanosecond pcap file written through libpcap, one packet per ``write(timestamp:payload:)``.
///
/// Every failure, including one found only when the file is flushed at ``close()``, is an
/// ``OutputFileError`` naming the file.
package struct PcapFileWriter {
    private let pcap: OpaquePointer
    private let dumper: OpaquePointer
    private let path: String

    /// Creates or truncates `path` as a pcap file of `linkType` with nanosecond timestamps.
    package init(path: String, linkType: Int32) throws {
        guard let pcap = pcap_open_dead_with_tstamp_precision(linkType, 65_535, UInt32(PCAP_TSTAMP_PRECISION_NANO))
        else { throw OutputFileError.cannotOpen(path, errno: ENOMEM) }
        errno = 0
        guard let dumper = pcap_dump_open(pcap, path) else {
            let code = errno
            pcap_close(pcap)
            throw OutputFileError.cannotOpen(path, errno: code == 0 ? EIO : code)
        }
        self.pcap = pcap
        self.dumper = dumper
        self.path = path
    }

    /// Writes one packet at `timestamp` (nanoseconds since the Unix epoch).
    package func write(timestamp: UInt64, payload: [UInt8]) {
        var header = pcap_pkthdr()
        header.ts.tv_sec = Int(timestamp / 1_000_000_000)
        header.ts.tv_usec = Int(timestamp % 1_000_000_000)
        header.caplen = UInt32(payload.count)
        header.len = UInt32(payload.count)
        payload.withUnsafeBufferPointer { bytes in
            pcap_dump(UnsafeMutableRawPointer(dumper).assumingMemoryBound(to: UInt8.self), &header, bytes.baseAddress)
        }
    }

    /// Flushes and closes the file; throws when any part of it was not written.
    package func close() throws {
        let failed = pcap_dump_flush(dumper) != 0
        let flushError = errno
        let file = pcap_dump_file(dumper)
        let failedBefore = file.map { ferror($0) != 0 } ?? false
        // pcap_dump_close reports nothing: the flush and the stream's error flag say whether all was written.
        pcap_dump_close(dumper)
        pcap_close(pcap)
        if failed || failedBefore {
            throw OutputFileError.cannotWrite(path, errno: flushError == 0 ? EIO : flushError)
        }
    }
}
