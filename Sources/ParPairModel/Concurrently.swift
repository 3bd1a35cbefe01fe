import Foundation

/// Runs a few independent jobs at once, one on the calling thread and each other on a thread of its
/// own, and returns their results in order once all have finished (a job that throws does not stop
/// the others; the first error in job order is thrown).
///
/// For work that shares nothing but what it only reads, such as the tables of one store read through
/// connections of their own. The closures need not be `Sendable`: each runs on exactly one thread, and
/// the caller touches nothing they use until every one has returned (the lock orders that).
public enum Concurrently {
    public static func run<Result>(_ jobs: [() throws -> Result]) throws -> [Result] {
        guard jobs.count > 1 else { return try jobs.map { try $0() } }
        let box = Box<Result>(count: jobs.count)
        var threads: [Thread] = []
        for index in jobs.indices.dropFirst() {
            let job = UncheckedJob(run: jobs[index])
            let thread = Thread {
                let outcome = Swift.Result { try job.run() }
                box.store(outcome, at: index)
            }
            thread.stackSize = 8 << 20
            threads.append(thread)
            thread.start()
        }
        box.store(Swift.Result { try jobs[0]() }, at: 0)
        return try box.waitForAll().map { try $0.get() }
    }

    private struct UncheckedJob<Result>: @unchecked Sendable {
        let run: () throws -> Result
    }

    private final class Box<Result>: @unchecked Sendable {
        private let condition = NSCondition()
        private var outcomes: [Swift.Result<Result, any Error>?]

        init(count: Int) { outcomes = Array(repeating: nil, count: count) }

        func store(_ outcome: Swift.Result<Result, any Error>, at index: Int) {
            condition.lock()
            outcomes[index] = outcome
            condition.broadcast()
            condition.unlock()
        }

        func waitForAll() -> [Swift.Result<Result, any Error>] {
            condition.lock()
            defer { condition.unlock() }
            while outcomes.contains(where: { $0 == nil }) { condition.wait() }
            return outcomes.compactMap { $0 }
        }
    }
}
