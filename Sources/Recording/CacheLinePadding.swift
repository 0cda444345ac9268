/// 64 bytes of nothing, stored between the fields one thread writes and the fields another
/// thread reads, so that they never share a cache line (a write by one core would otherwise
/// take the line away from the other on every event).
///
/// Stored properties of a class are laid out in declaration order; any two fields with this
/// between them are at least a line apart.
struct CacheLinePadding {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
}
