/// One libFuzzer target of the KeyTrace fuzz executable: what it feeds each input to, how long
/// an input may be, and where its seed corpus comes from.
///
/// ```
///   fuzz-keytrace TARGET [libFuzzer flags] CORPUS…      (or KEYTRACE_FUZZ_TARGET=TARGET)
///        │
///        ├─ LLVMFuzzerInitialize: picks TARGET, puts its flags before the caller's
///        ├─ LLVMFuzzerCustomMutator: TARGET's mutator, else libFuzzer's
///        └─ LLVMFuzzerTestOneInput ──► TARGET.run(bytes)
/// ```
/// Targets are listed once, in ``FuzzTarget/all``.
struct FuzzTarget: Sendable {
    /// The name given on the command line, e.g. `pcap`.
    let name: String
    /// One line for `fuzz-keytrace list`.
    let summary: String
    /// libFuzzer's `-max_len` for this target.
    var maxLength = 4096
    /// Whether LeakSanitizer checks this target; off where the code under test keeps reference
    /// cycles by design (a built scene's responders hold one another).
    var detectsLeaks = true
    /// Seed files, as glob patterns relative to the repository root; `../shared/…` patterns
    /// find the shared real data beside the checkout when it is there.
    var seedFiles: [String] = []
    /// Seed inputs built in code at run time (traces written by ``TraceWriter``, descriptors
    /// from the HID specification).
    var constructedSeeds: @Sendable () -> [[UInt8]] = { [] }
    /// A structure-aware mutation of `bytes` with `seed`, or `nil` to let libFuzzer mutate.
    var mutate: (@Sendable (_ bytes: [UInt8], _ seed: UInt32) -> [UInt8]?)? = nil
    /// Feeds one input to the code under test; any input must end without a crash or a hang.
    let run: @Sendable (UnsafeBufferPointer<UInt8>) -> Void
}
