import Concurrency
import Foundation
import Testing

/// Two bodies at once: both results, or the error that matters, with the other body told to stop.
@Suite struct ConcurrentlyTests {
    private struct Failure: Error, Equatable { let body: String }

    @Test func bothResultsFromTwoThreads() throws {
        let caller = pthread_self()
        let (first, second) = try Concurrently.run({ _ in
            (pthread_equal(pthread_self(), caller) != 0, "first")
        }, { _ in
            (pthread_equal(pthread_self(), caller) != 0, 2)
        })
        #expect(first == (true, "first"))
        #expect(second == (false, 2))
    }

    /// The first body waits until it is told the second failed, then stops with `CancellationError`,
    /// which does not hide the second body's error.
    @Test func aFailingSecondBodyCancelsTheFirst() {
        #expect(throws: Failure(body: "second")) {
            _ = try Concurrently.run({ cancellation in
                while !cancellation.isCancelled { usleep(100) }
                try cancellation.check()
            }, { _ in
                throw Failure(body: "second")
            })
        }
    }

    @Test func aFailingFirstBodyCancelsTheSecond() {
        #expect(throws: Failure(body: "first")) {
            _ = try Concurrently.run({ _ in
                throw Failure(body: "first")
            }, { cancellation in
                while !cancellation.isCancelled { usleep(100) }
                throw CancellationError()
            })
        }
    }

    /// Two failures of their own: the first body's error, whichever came first.
    @Test func whenBothFailTheFirstBodysErrorWins() {
        let secondFailed = WriteOnce<Void>()
        #expect(throws: Failure(body: "first")) {
            _ = try Concurrently.run({ _ in
                secondFailed.value
                throw Failure(body: "first")
            }, { _ in
                defer { secondFailed.set(()) }
                throw Failure(body: "second")
            })
        }
    }

    /// A lent value is the second body's during the run and the caller's again afterwards.
    @Test func aLentValueComesBackChanged() throws {
        var lent = [1, 2, 3]
        let (first, count) = try Concurrently.run({ cancellation in cancellation.isCancelled }, lending: &lent, to: { lent, _ in
            lent.append(4)
            return lent.count
        })
        #expect(first == false)
        #expect(count == 4)
        #expect(lent == [1, 2, 3, 4])
    }
}
