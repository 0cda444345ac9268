/// Something wrong with one chunk (or with the bytes where a chunk should be), and where.
public struct ChunkIssue: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Hashable, Sendable {
        /// The bytes at the offset are not a valid chunk header (bad magic or header checksum);
        /// `skipped` bytes were passed over to the next valid chunk (or the end).
        case badHeader(skipped: Int)
        /// The chunk claims `expected` payload bytes but the file has only `available`; the
        /// `recovered` records whose entries lie wholly in those bytes were read without a
        /// checksum.
        case truncated(expected: Int, available: Int, recovered: UInt64 = 0)
        /// The payload checksum does not match.
        case checksumMismatch(stored: UInt32, computed: UInt32)
        /// An entry's framing is broken at `entryOffset` (absolute byte offset).
        case malformedEntry(entryOffset: Int, reason: String)
        /// The chunk holds a different number of records than its header says.
        case recordCountMismatch(expected: UInt64, found: UInt64)
        /// The chunk was never sealed (the writer stopped early); `recovered` records were read
        /// without a checksum.
        case unsealed(recovered: UInt64)
        /// The footer index is missing or damaged; the index was rebuilt by scanning.
        case footerMissing
        /// The file header's checksum or metadata is damaged: the metadata is lost, the chunks
        /// were found by scanning from the first valid chunk header.
        case headerDamaged(reason: String)
    }

    /// The byte offset of the damaged chunk (or of the bytes that should have been one).
    public var offset: Int
    /// What is wrong.
    public var problem: Problem

    /// Creates an issue.
    public init(offset: Int, problem: Problem) {
        self.offset = offset
        self.problem = problem
    }

    /// Whether records were lost (an unsealed tail or a missing footer loses none).
    public var losesRecords: Bool {
        switch problem {
        case .unsealed, .footerMissing, .headerDamaged: return false
        default: return true
        }
    }

    /// Whether the trace's metadata (source, scene, devices) was lost.
    public var losesMetadata: Bool {
        if case .headerDamaged = problem { return true }
        return false
    }

    /// `offset N: what is wrong`, for reports.
    public var description: String {
        switch problem {
        case .badHeader(let skipped):
            return "offset \(offset): not a valid chunk header (bad magic or header checksum); skipped \(skipped) bytes"
        case .truncated(let expected, let available, let recovered):
            let kept = recovered > 0 ? "; \(recovered) whole records before the cut recovered without checksum" : ""
            return "offset \(offset): chunk truncated: payload needs \(expected) bytes, file has \(available)\(kept)"
        case .checksumMismatch(let stored, let computed):
            return "offset \(offset): chunk checksum mismatch: stored \(hex(stored)), computed \(hex(computed)); records skipped"
        case .malformedEntry(let entryOffset, let reason):
            return "offset \(offset): malformed entry at byte \(entryOffset): \(reason)"
        case .recordCountMismatch(let expected, let found):
            return "offset \(offset): chunk header says \(expected) records, payload holds \(found)"
        case .unsealed(let recovered):
            return "offset \(offset): chunk never sealed (writer stopped early); \(recovered) records recovered without checksum"
        case .footerMissing:
            return "offset \(offset): footer index missing or damaged; index rebuilt by scanning"
        case .headerDamaged(let reason):
            return "offset \(offset): file header damaged (\(reason)); its metadata is lost, records were read from the first valid chunk on"
        }
    }
}
