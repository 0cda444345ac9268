// libFuzzer entry point of the `codec` target's own executable (Scripts/fuzz.sh); the target
// itself is `fuzzCodec(_:)` in FuzzCodec.swift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodecEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzCodec(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
