#if canImport(Glibc)
import Glibc
#endif

// libFuzzer entry point for the capture readers, chosen by KEYTRACE_FUZZ_TARGET: `pcap` (the
// pcap/pcapng reader through libpcap and the USB keyboard decoder) or `script` (the key-script
// parser). Every input must be handled without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCapture(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if CaptureFuzzTarget.isScript {
        if let source = try? ScriptCaptureSource(text: String(decoding: bytes, as: UTF8.self), name: "fuzz.keys") {
            CaptureFuzzTarget.drain(source)
        }
        return 0
    }
    // libpcap reads files: the input goes to a per-process scratch file.
    let path = CaptureFuzzTarget.scratchPath
    guard let file = fopen(path, "wb") else { return 0 }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    _ = USBCaptureSource.keyboards(inFile: path)
    if let source = try? USBCaptureSource(file: path) { CaptureFuzzTarget.drain(source) }
    return 0
}

enum CaptureFuzzTarget {
    static let isScript: Bool = getenv("KEYTRACE_FUZZ_TARGET").map { String(cString: $0) == "script" } ?? false
    static let scratchPath = "/tmp/keytrace-fuzz-\(getpid()).pcap"

    static func drain(_ source: CaptureSource) {
        var events = 0
        while events < 100_000, let event = try? source.next() {
            if case .press(let press, _) = event { _ = press.description }
            events += 1
        }
        _ = source.summary.description
    }
}
