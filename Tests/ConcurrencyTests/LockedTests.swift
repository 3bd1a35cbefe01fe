import Concurrency
import Foundation
import Testing

/// The lock every hand-off between threads is made of: updates from many threads all land, and a waiter wakes once
/// another thread has made the value what it waits for.
@Suite struct LockedTests {
    @Test func updatesFromManyThreadsAllLand() throws {
        let counter = Locked(0)
        let done = Locked(0)
        for _ in 0..<4 {
            try DetachedThread.start(stackSize: 1 << 20) {
                for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                done.withLock { $0 += 1 }
            }
        }
        done.withLock(waitingUntil: { $0 == 4 }) { _ in }
        #expect(counter.withLock { $0 } == 40_000)
    }

    @Test func aWaiterWakesWhenTheValueIsReady() throws {
        let value = Locked<[Int]>([])
        try DetachedThread.start(stackSize: 1 << 20) {
            for number in 1...3 { value.withLock { $0.append(number) } }
        }
        let seen = value.withLock(waitingUntil: { $0.count == 3 }) { $0 }
        #expect(seen == [1, 2, 3])
    }
}
