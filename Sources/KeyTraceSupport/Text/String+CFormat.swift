extension String {
    /// `format` with its conversions (`%.2f`, `%g`, `%+.1f`, `%02x`, `%llu`…) filled from
    /// `arguments` by the C library's `vsnprintf`, in the C locale's notation (a `.` decimal
    /// point, no grouping).
    ///
    /// Reports format their numbers with this rather than Foundation's `String(format:)`, so the
    /// `keytrace` binary does not load Foundation and its internationalisation libraries. The
    /// arguments must match the conversions as for `printf`; `%@` is not supported.
    package init(cFormat format: String, _ arguments: any CVarArg...) {
        self = Self.formatted(format, arguments)
    }

    private static func formatted(_ format: String, _ arguments: [any CVarArg]) -> String {
        var capacity = 64
        while true {
            let size = capacity
            var needed: Int32 = -1
            let text = String(unsafeUninitializedCapacity: size) { buffer in
                needed = withVaList(arguments) { list in
                    buffer.withMemoryRebound(to: CChar.self) { vsnprintf($0.baseAddress, size, format, list) }
                }
                return needed < 0 ? 0 : Swift.min(Int(needed), size - 1)
            }
            // `vsnprintf` returns the whole length even when the text did not fit.
            if needed < 0 || Int(needed) < size { return text }
            capacity = Int(needed) + 1
        }
    }
}
