/// How `RenderSession` shares a list section between two threads: the runs of elements, and what the
/// second thread hands over for each of its runs.
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
}

extension TemplateError {
    /// Whether the render stopped at the work limit (`RenderOptions.maximumWork`).
    var isTooMuchWork: Bool {
        if case .tooMuchWork = reason { return true }
        return false
    }
}
