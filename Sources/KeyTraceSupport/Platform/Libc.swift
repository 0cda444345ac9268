// The one place KeyTrace imports the C library. Every module that calls the system (files,
// clocks, signals, terminals, `memcmp`) imports `KeyTraceSupport` instead, so a port to
// another C library changes this file alone.

#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("KeyTrace needs Glibc, Musl or Darwin")
#endif
