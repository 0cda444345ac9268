import CPcapBench
import KeyTraceCore
import TraceFormat

#if canImport(Glibc)
import Glibc
#endif

/// Realistic typing for benchmarks: key down/up pairs 60–150 ms apart at µs resolution,
/// on one USB keyboard, with a ⌘S every 37 characters.
public enum Typing {
    public static let device = DeviceID.usb(bus: 4, device: 5, endpoint: 0x81)

    /// `count` key presses (downs and ups), starting at `start` ns.
    public static func presses(_ count: Int, start: UInt64 = 1_700_000_000_000_000_000, seed: UInt64 = 42) -> [KeyPress] {
        var state = seed
        func random(_ range: ClosedRange<UInt64>) -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + (state >> 33) % (range.upperBound - range.lowerBound + 1)
        }
        let text = Array("the quick brown fox jumps over the lazy dog, then types a little more text. ".unicodeScalars)
        var time = start
        var out: [KeyPress] = []
        out.reserveCapacity(count)
        var i = 0
        while out.count < count {
            let strokes: [KeyboardLayout.Keystroke] = i % 37 == 36
                ? [KeyboardLayout.Keystroke(usage: HIDUsage(0x16), modifiers: .command)]
                : KeyboardLayout.usANSI.keystrokes(typing: text[i % text.count])
            i += 1
            for s in strokes {
                for phase in [KeyPhase.began, .ended] where out.count < count {
                    time += random(60...150) * 1_000_000 + random(0...200) * 1000
                    out.append(KeyPress(phase, s.usage, modifiers: s.modifiers, device: device, timestamp: time))
                }
            }
        }
        return out
    }

    public static let metadata = TraceMetadata(toolVersion: "bench", sourceKind: "synthetic", clockDomain: "unix-epoch")

    /// Writes presses to a trace file.
    public static func writeTrace(_ presses: [KeyPress], to path: String, repeatCount: Int = 1,
                                  options: TraceWriter.Options = .init()) throws {
        let writer = try TraceWriter(path: path, metadata: metadata, options: options)
        var offset: UInt64 = 0
        let span = (presses.last?.timestamp ?? 0) - (presses.first?.timestamp ?? 0) + 100_000_000
        for _ in 0..<repeatCount {
            for var p in presses {
                p.timestamp += offset
                try writer.append(p, timestampUncertainty: 1_000_000)
            }
            offset += span
        }
        try writer.finish()
    }

    /// Writes the same presses as a nanosecond pcap through libpcap (the export's packets).
    public static func writePcap(_ presses: [KeyPress], to path: String) {
        guard let pcap = pcap_open_dead_with_tstamp_precision(TraceRecord.pcapLinkType, 65_535, UInt32(PCAP_TSTAMP_PRECISION_NANO)),
              let dumper = pcap_dump_open(pcap, path) else { return }
        for p in presses {
            let payload = TraceRecord.key(KeyRecord(p, timestampUncertainty: 1_000_000)).pcapPayload
            var header = pcap_pkthdr()
            header.ts.tv_sec = Int(p.timestamp / 1_000_000_000)
            header.ts.tv_usec = Int(p.timestamp % 1_000_000_000)
            header.caplen = UInt32(payload.count)
            header.len = UInt32(payload.count)
            payload.withUnsafeBufferPointer {
                pcap_dump(UnsafeMutableRawPointer(dumper).assumingMemoryBound(to: UInt8.self), &header, $0.baseAddress)
            }
        }
        pcap_dump_close(dumper)
        pcap_close(pcap)
    }

    /// Reads every packet of a pcap file with `pcap_next_ex`; returns the packet count.
    public static func readPcap(_ path: String) -> Int {
        var errbuf = [CChar](repeating: 0, count: Int(PCAP_ERRBUF_SIZE))
        guard let pcap = pcap_open_offline_with_tstamp_precision(path, UInt32(PCAP_TSTAMP_PRECISION_NANO), &errbuf) else { return 0 }
        var header: UnsafeMutablePointer<pcap_pkthdr>?
        var data: UnsafePointer<UInt8>?
        var count = 0
        var sum: UInt64 = 0
        while pcap_next_ex(pcap, &header, &data) == 1 {
            count += 1
            if let h = header { sum &+= UInt64(h.pointee.ts.tv_usec) }
            if let d = data { sum &+= UInt64(d[14]) }  // touch the usage byte, as a decoder would
        }
        pcap_close(pcap)
        return count + Int(sum & 0)
    }

    /// The file's bytes, read once (to warm the page cache and for memcpy).
    public static func readFile(_ path: String) -> [UInt8] {
        guard let f = fopen(path, "rb") else { return [] }
        defer { fclose(f) }
        fseek(f, 0, SEEK_END)
        let size = ftell(f)
        fseek(f, 0, SEEK_SET)
        var bytes = [UInt8](repeating: 0, count: max(0, size))
        _ = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
        return bytes
    }
}
