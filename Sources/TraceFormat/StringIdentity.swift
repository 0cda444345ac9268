import KeyTraceCore
import KeyTraceSupport

/// A `String` value's two words, the key of the encoder's string-reference cache: a string the
/// writer meets again (a responder path, an action name, handed over from the same table every
/// time) is referenced without hashing its bytes.
///
/// Equal words mean the same storage object and length (or the same inline bytes for a small
/// string), hence the same bytes, as long as that storage is neither freed and reused nor
/// changed in place: the cache's value keeps the string alive (``StringReference``). A miss
/// falls back to the chunk's table, keyed by bytes (``ExactString``).
struct StringIdentity: DirectMappedKey {
    var low: UInt64
    var high: UInt64

    @inline(__always) init(_ string: String) {
        (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    @inline(__always) var cacheHash: UInt64 { Self.combineHash(low, high) }
}

/// A string's reference in the open chunk, and the string itself, held so that its identity
/// stays its own while cached.
struct StringReference {
    var reference: UInt64
    var string: String
}
