import KeyTraceCore

/// A batch of key presses decoded in columns: each press's timestamp, and the number of its
/// *shape* (every field but the timestamp) in a table of the batch's distinct shapes.
///
/// This is how the trace stores keys, so filling a batch does no more than decode the entry
/// framing and the timestamp deltas: the fastest way to read every key of a trace, for
/// analyses that want latencies, counts or histograms over millions of presses.
///
/// ```swift
/// var cursor = reader.cursor()
/// var keys = KeyColumns(capacity: 4096)
/// while cursor.nextKeys(into: &keys) {
///     for i in 0..<keys.count where keys.shapes[keys.shapeNumbers[i]].press.phase == .began {
///         downs.append(keys.timestamps[i])
///     }
/// }
/// ```
///
/// ``subscript(_:)`` puts the two back together as a ``KeyRecord``.
public struct KeyColumns {
    /// How many presses one batch holds at most.
    public let capacity: Int
    /// The number of presses in the batch.
    public private(set) var count = 0
    @usableFromInline var timeStorage: [UInt64]
    @usableFromInline var shapeStorage: [UInt32]
    /// The batch's distinct presses, with timestamp 0; ``shapeNumbers`` index into it.
    public private(set) var shapes: [KeyRecord] = []
    // Which chunk's shapes start at `shapeBase`, and how many of them are copied.
    var chunkSerial = -1
    var shapeBase: UInt32 = 0
    var chunkShapesCopied = 0

    /// An empty batch of at most `capacity` presses (at least 1).
    public init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
        timeStorage = [UInt64](repeating: 0, count: self.capacity)
        shapeStorage = [UInt32](repeating: 0, count: self.capacity)
    }

    /// Each press's timestamp in ns, in trace order.
    @inlinable
    public var timestamps: ArraySlice<UInt64> { timeStorage[0..<count] }

    /// Each press's index into ``shapes``, in trace order.
    @inlinable
    public var shapeNumbers: LazyMapSequence<ArraySlice<UInt32>, Int> {
        shapeStorage[0..<count].lazy.map { Int($0) }
    }

    /// Press `index` (`0..<count`) as a record.
    @inlinable
    public subscript(index: Int) -> KeyRecord {
        precondition(index >= 0 && index < count, "key column index out of range")
        var record = shapes[Int(shapeStorage[index])]
        record.press.timestamp = timeStorage[index]
        return record
    }

    /// Empties the batch, keeping its storage.
    mutating func removeAll() {
        count = 0
        shapes.removeAll(keepingCapacity: true)
        chunkSerial = -1
        shapeBase = 0
        chunkShapesCopied = 0
    }

    /// Copies the shapes of chunk `serial` that the batch does not have yet.
    mutating func takeShapes(of decoder: ChunkDecoder, chunk serial: Int) {
        if serial != chunkSerial {
            chunkSerial = serial
            shapeBase = UInt32(truncatingIfNeeded: shapes.count)
            chunkShapesCopied = 0
        }
        let available = decoder.shapes.count
        if chunkShapesCopied < available {
            shapes.append(contentsOf: decoder.shapes[chunkShapesCopied..<available])
            chunkShapesCopied = available
        }
    }

    /// Appends one press of shape `shape` in the current chunk.
    mutating func append(time: UInt64, shape: Int) {
        timeStorage[count] = time
        shapeStorage[count] = shapeBase &+ UInt32(truncatingIfNeeded: shape)
        count += 1
    }

    /// Lets `fill` write up to the room left and keeps what it reports it wrote.
    mutating func fill(_ fill: (UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt32>, UInt32, Int) -> Int) {
        let room = capacity - count
        guard room > 0 else { return }
        let start = count
        let base = shapeBase
        let written = timeStorage.withUnsafeMutableBufferPointer { times in
            shapeStorage.withUnsafeMutableBufferPointer { shapes in
                guard let t = times.baseAddress, let s = shapes.baseAddress else { return 0 }
                return fill(t + start, s + start, base, room)
            }
        }
        count += written
    }
}
