import KeyTraceCore
import KeyTraceSupport

/// The bytes of a trace: a read-only memory map of a file, or an owned array.
///
/// Reading a mapped file touches only the pages the reader visits, so iteration runs in
/// constant memory however large the trace is.
final class TraceStorage: @unchecked Sendable {
    let base: UnsafeRawPointer?
    let count: Int
    private let mapped: Bool
    private let owned: UnsafeMutableRawPointer?

    init(bytes: [UInt8]) {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        bytes.withUnsafeBytes { source in
            if let s = source.baseAddress { copy.copyMemory(from: s, byteCount: source.count) }
        }
        owned = copy
        base = UnsafeRawPointer(copy)
        count = bytes.count
        mapped = false
    }

    /// Maps the regular file at `path`; a FIFO is read to its end into memory (saying what it
    /// waits for, see ``InputBytes``); anything else is refused, naming what it is. The path
    /// `-` is standard input.
    convenience init(path: String) throws(TraceFormatError) {
        let path = InputBytes.path(path)
        switch FileKind(path: path) {
        case .fifo:
            do throws(InputFileError) {
                self.init(bytes: try InputBytes.readFIFO(path, expecting: "a trace"))
            } catch {
                throw .input(error)
            }
        case .regular, .absent:
            try self.init(mapping: path)
        case let kind:
            throw .input(.notAFile(path, kind: kind, expected: "a trace"))
        }
    }

    private init(mapping path: String) throws(TraceFormatError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotOpen(path: path, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .input(.notAFile(path, kind: FileKind(path: path), expected: "a trace"))
        }
        let size = Int(info.st_size)
        owned = nil
        count = size
        guard size > 0 else {
            base = nil
            mapped = false
            return
        }
        guard let pointer = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), pointer != MAP_FAILED else {
            throw .cannotOpen(path: path, errno: errno)
        }
        base = UnsafeRawPointer(pointer)
        mapped = true
    }

    deinit {
        if mapped, let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
        owned?.deallocate()
    }

    /// Gives the pages wholly inside `range` (byte offsets) back to the kernel: a mapped file
    /// that was read once then costs no resident memory, however long it is. Reading those
    /// bytes again faults them back in from the page cache unchanged (the mapping is private
    /// and never written), so other readers of the same storage are unaffected.
    func release(_ range: Range<Int>) {
        guard mapped, let base else { return }
        let page = Self.pageSize
        let lower = (Swift.max(0, range.lowerBound) + page - 1) / page * page
        let upper = Swift.min(count, range.upperBound) / page * page
        guard upper > lower else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + lower), upper - lower, Int32(MADV_DONTNEED))
    }

    private static let pageSize = Swift.max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))

    var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: base == nil ? 0 : count) }
    var reader: ByteReader { ByteReader(buffer) }
}
