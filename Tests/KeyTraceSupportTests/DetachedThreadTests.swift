import Dispatch
import Foundation
import Synchronization
import Testing
import KeyTraceSupport

/// `DetachedThread` runs its body once on a thread of its own, under the name given.
struct DetachedThreadTests {
    @Test func theBodyRunsOnAnotherThreadUnderItsName() {
        let done = DispatchSemaphore(value: 0)
        let seen = Mutex<(name: String, isMain: Bool)?>(nil)
        let started = DetachedThread.start(name: "keytrace-test-thread-long-name", stackSize: 1 << 20) {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            seen.withLock { $0 = (name.trimmingCharacters(in: .newlines), Thread.isMainThread) }
            done.signal()
        }
        #expect(started)
        #expect(done.wait(timeout: .now() + 10) == .success)
        let result = seen.withLock { $0 }
        #expect(result?.name == "keytrace-test-t")  // the kernel keeps 15 bytes
        #expect(result?.isMain == false)
    }
}
