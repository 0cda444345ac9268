// libFuzzer entry point for the trace reader: every input must be handled without a crash,
// through the file reader (index, seek, verify, key columns, JSON rendering) and the stream decoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let reader = try? TraceReader(bytes: bytes) {
        var count = 0
        for record in reader {
            _ = record.jsonLine
            _ = record.pcapPayload
            count += 1
            if count > 100_000 { break }
        }
        _ = reader.verify()
        // The column decoder, in batches of a size that varies with the input.
        var cursor = reader.cursor()
        var columns = KeyColumns(capacity: 1 + size % 97)
        var keys = 0
        while cursor.nextKeys(into: &columns), keys <= 100_000 {
            for i in 0..<columns.count { _ = columns[i] }
            keys += columns.count
        }
        var byTime = reader.records(from: UInt64(size) &* 1_000_003)
        _ = byTime.next()
        var byIndex = reader.records(startingAt: UInt64(size % 17))
        _ = byIndex.next()
        _ = TraceSummary(reader).reportLines(path: "fuzz", header: reader.header)
    }
    var stream = TraceStreamDecoder()
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + 1 + (start % 29))
        guard (try? stream.feed(bytes[start..<end])) != nil else { break }
        start = end
    }
    _ = stream.finish()
    return 0
}
