import Concurrency
import Testing

/// Threads the system starts, or refuses in so many words.
@Suite struct DetachedThreadTests {
    /// A thread starts on another CPU than its creator's (Linux), and then may run on every CPU its creator may:
    /// left allowed only the others, it could never come back to the creator's CPU once the creator is done.
    @Test func aStartedThreadMayRunWhereverItsCreatorMay() throws {
        let creator = DetachedThread.allowedCPUs()
        let started = WriteOnce<Set<Int>?>()
        try DetachedThread.start(stackSize: 256 << 10) { started.set(DetachedThread.allowedCPUs()) }
        #expect(started.value == creator)
        #expect(DetachedThread.allowedCPUs() == creator)
        #if os(Linux)
        let cpus = try #require(creator, "Linux says which CPUs a thread may use")
        #expect(!cpus.isEmpty)
        #endif
    }
}
