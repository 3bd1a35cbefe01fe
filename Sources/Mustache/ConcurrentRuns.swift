import Foundation

/// How `RenderSession` shares a list section between two threads: the runs of elements, and the hand-over
/// of the second thread's rendered runs.
enum ConcurrentRuns {
    /// At most this many runs: enough to balance two threads over lists of any size, few enough that a
    /// list of thousands of small elements costs a handful of hand-overs, and a buffered run is a small
    /// part of the output.
    static let maximumRuns = 32

    /// `count` elements in consecutive runs of nearly equal size (one element each up to `maximumRuns`).
    static func split(_ count: Int) -> [Range<Int>] {
        let runs = min(count, maximumRuns)
        guard runs > 0 else { return [] }
        return (0..<runs).map { run in (count * run / runs)..<(count * (run + 1) / runs) }
    }

    enum Outcome: Sendable {
        /// The text, and the session's counters and line state at its end.
        case rendered(String, written: Int, work: Int, produced: Int, atLineStart: Bool)
        case failed(any Error)
        /// The first thread renders the run: it would buffer too much, or it passed the work limit counted
        /// from the list's start (a serial render has the budget earlier runs earned by writing).
        case leftToFirstThread
    }

    /// The second thread's runs, one at a time: it renders run `n` only once run `n - 2` has been taken,
    /// so at most one finished run waits, and it stops when told to.
    final class Relay: @unchecked Sendable {
        private let condition = NSCondition()
        private var outcomes: [Outcome?]
        private var taken = -1
        private var stopped = false
        private var ended = false

        init(runs: Int) { outcomes = Array(repeating: nil, count: runs) }

        /// Waits until run `run - 2` was taken; false once the render stopped.
        func mayRender(_ run: Int) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while !stopped, taken < run - 2 { condition.wait() }
            return !stopped
        }

        func put(_ outcome: Outcome, run: Int) {
            condition.lock()
            outcomes[run] = outcome
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for run `run` and hands it over.
        func take(_ run: Int) -> Outcome {
            condition.lock()
            defer { condition.unlock() }
            while outcomes[run] == nil {
                if ended { return .failed(CancellationError()) }  // cannot happen: the thread puts every run it starts
                condition.wait()
            }
            let outcome = outcomes[run]!
            outcomes[run] = nil
            taken = run
            condition.broadcast()
            return outcome
        }

        /// The second thread is done.
        func end() {
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }

        /// Tells the second thread to stop after its current run and waits until it has.
        func stopAndWait() {
            condition.lock()
            defer { condition.unlock() }
            stopped = true
            condition.broadcast()
            while !ended { condition.wait() }
        }
    }
}

extension TemplateError {
    /// Whether the render stopped at the work limit (`RenderOptions.maximumWork`).
    var isTooMuchWork: Bool {
        if case .tooMuchWork = reason { return true }
        return false
    }
}
