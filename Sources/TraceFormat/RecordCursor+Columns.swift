extension RecordCursor {
    /// Fills `columns` with the key presses that follow, up to its capacity; returns `false`
    /// once the trace has no records left (a batch may be empty while it returns `true`, when
    /// only other records remained).
    ///
    /// Other records are stepped over (they count in ``recordsRead``); damaged chunks are
    /// skipped and reported in ``issues`` as ``next()`` does. A batch may span chunks: each
    /// chunk's shapes are added to the batch's table as they are met. After the call the
    /// cursor stands on the last record it stepped over, so ``next()`` continues from there.
    public mutating func nextKeys(into columns: inout KeyColumns) -> Bool {
        columns.removeAll()
        var steppedAny = false
        while columns.count < columns.capacity {
            if isStreaming {
                columns.takeShapes(of: decoder, chunk: chunkSerial)
                var taken = 0
                columns.fill { times, shapes, base, room in
                    taken = decoder.advanceShortKeys(times: times, shapes: shapes, shapeBase: base, limit: room)
                    return taken
                }
                if taken > 0 {
                    let n = UInt64(taken)
                    decodedInChunk &+= n
                    stepped &+= n
                    currentTime = decoder.previousTime
                    steppedAny = true
                    continue
                }
            }
            guard nextInGeneral() else { break }
            steppedAny = true
            if decoder.shape >= 0 {
                columns.takeShapes(of: decoder, chunk: chunkSerial)
                columns.append(time: decoder.previousTime, shape: decoder.shape)
            }
        }
        return steppedAny
    }
}
