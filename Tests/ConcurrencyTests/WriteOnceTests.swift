import Concurrency
import Testing

/// The write-once slot, and the lock it is made of.
@Suite struct WriteOnceTests {
    /// A reader on another thread waits for the value; the first value set stays.
    @Test func readersWaitForTheFirstValue() throws {
        let slot = WriteOnce<String>()
        #expect(slot.valueIfSet == nil)
        let (setFirst, read) = try Concurrently.run({ _ in
            slot.set("drawn")
        }, { _ in
            slot.value
        })
        #expect(setFirst)
        #expect(read == "drawn")
        #expect(!slot.set("again"))
        #expect(slot.value == "drawn")
        #expect(slot.valueIfSet == "drawn")
    }

    /// A waiter under the lock sees the value as the other thread left it.
    @Test func lockedWaitsUntilTheValueIsReady() throws {
        let numbers = Locked<[Int]>([])
        let (seen, _) = try Concurrently.run({ _ in
            numbers.withLock(waitingUntil: { $0.count == 100 }) { $0 }
        }, { _ in
            for number in 0..<100 { numbers.withLock { $0.append(number) } }
        })
        #expect(seen == Array(0..<100))
    }
}
