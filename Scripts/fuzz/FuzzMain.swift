#if canImport(Glibc)
import Glibc
#endif

// The libFuzzer entry points of the fuzz executable. The target is the first argument when it
// names one (taken out before libFuzzer reads its flags), else KEYTRACE_FUZZ_TARGET. Two more
// first arguments are commands of their own that end the process:
//
//   fuzz-keytrace list                    every target: name, -max_len, leak checking, summary
//   fuzz-keytrace seed TARGET DIR [ROOT]  writes TARGET's seeds into DIR: the files its patterns
//                                         match under ROOT (default .) and its constructed seeds

@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Ends a command of the executable's own with `status`, output flushed: without the leak
/// check that `exit` would run (the runtime's caches are not leaks of the code under test).
func end(_ status: CInt) -> Never {
    fflush(nil)
    _exit(status)
}

/// The target this process fuzzes, set once by `LLVMFuzzerInitialize` before any input runs.
enum FuzzSelection {
    nonisolated(unsafe) static var target: FuzzTarget?
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>,
                           _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> CInt {
    var arguments = (0..<Int(argc.pointee)).map { argv.pointee[$0].map { String(cString: $0) } ?? "" }
    if arguments.count > 1 {
        switch arguments[1] {
        case "list":
            for target in FuzzTarget.all {
                print("\(target.name)\t\(target.maxLength)\t\(target.detectsLeaks ? "leaks" : "no-leaks")\t\(target.summary)")
            }
            end(0)
        case "seed":
            end(FuzzSeeds.write(arguments: Array(arguments.dropFirst(2))))
        default:
            break
        }
    }
    var name = getenv("KEYTRACE_FUZZ_TARGET").map { String(cString: $0) }
    if arguments.count > 1, FuzzTarget.named(arguments[1]) != nil {
        name = arguments.remove(at: 1)
    }
    guard let name, let target = FuzzTarget.named(name) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        printError("fuzz-keytrace: name a target (\(names)) as the first argument or in KEYTRACE_FUZZ_TARGET; "
                   + "'fuzz-keytrace list' describes them")
        end(64)
    }
    FuzzSelection.target = target
    // The target's flags come first so that the caller's own flags override them.
    var flags = ["-max_len=\(target.maxLength)"]
    if !target.detectsLeaks { flags.append("-detect_leaks=0") }
    arguments.insert(contentsOf: flags, at: 1)
    // The new argument vector lives as long as the process, as libFuzzer expects.
    let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 1)
    for (index, argument) in arguments.enumerated() { (vector + index).initialize(to: strdup(argument)) }
    (vector + arguments.count).initialize(to: nil)
    argc.pointee = CInt(arguments.count)
    argv.pointee = vector
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzSelection.target?.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let mutate = FuzzSelection.target?.mutate,
          let mutated = mutate(Array(UnsafeBufferPointer(start: data, count: size)), seed),
          mutated.count <= maxSize else {
        return libFuzzerMutate(data, size, maxSize)
    }
    mutated.withUnsafeBufferPointer { buffer in
        if let base = buffer.baseAddress { data.update(from: base, count: buffer.count) }
    }
    return mutated.count
}

/// LeakSanitizer asks before every leak check; targets that keep cycles by design say no.
@_cdecl("__lsan_is_turned_off")
public func fuzzLeakCheckIsOff() -> CInt {
    FuzzSelection.target.map { $0.detectsLeaks ? 0 : 1 } ?? 0
}
