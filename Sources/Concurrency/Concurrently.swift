import Foundation

/// Runs two bodies at once, the first on the calling thread and the second on a thread of its own, and
/// returns once both have: their two results, or an error.
///
/// When a body throws, the other is told through its ``Cancellation`` (it may finish anyway). When both
/// throw, an error other than `CancellationError` wins over a `CancellationError`, and otherwise the first
/// body's over the second's, so which error is thrown never depends on which thread was faster.
///
/// The second body is `sending`: what it captures the calling thread cannot touch while it runs (the
/// compiler checks it). A value the second body needs that the caller keeps using afterwards, such as a
/// reader it was given, can be lent for the run instead (``run(_:lending:to:)``).
///
/// When the system refuses the second thread, `ThreadStartError` is thrown and neither body runs.
///
/// ```swift
/// let (pages, checked) = try Concurrently.run({ _ in try render() }, { _ in try validate(channel) })
/// ```
public enum Concurrently {
    /// The stack of the second thread: as deep as the main thread's usual 8 MiB, for recursive work
    /// (templates, parsers) that would overflow the 512 KiB a Foundation thread gets by default.
    public static let stackSize = 8 << 20

    @discardableResult
    public static func run<First, Second: Sendable>(
        _ first: (Cancellation) throws -> First,
        _ second: sending @escaping (Cancellation) throws -> Second
    ) throws -> (First, Second) {
        let cancellation = Cancellation()
        let outcome = WriteOnce<Result<Second, any Error>>()
        let job = SentJob(body: second)
        try DetachedThread.start(stackSize: stackSize) {
            let result = Result { try job.body(cancellation) }
            if case .failure = result { cancellation.cancel() }
            outcome.set(result)
        }
        let firstResult = Result { try first(cancellation) }
        if case .failure = firstResult { cancellation.cancel() }
        let secondResult = outcome.value  // the second thread has finished with everything it was given
        switch (firstResult, secondResult) {
        case (.success(let one), .success(let two)):
            return (one, two)
        case (.failure(let error), .success), (.success, .failure(let error)):
            throw error
        case (.failure(let one), .failure(let two)):
            throw one is CancellationError ? two : one
        }
    }

    /// ``run(_:_:)`` with `lent` given to the second body for the duration of the run, and back to the
    /// caller afterwards.
    ///
    /// For a value the caller cannot give away for good (a parameter of its own, an output it writes on
    /// afterwards). The compiler cannot check a loan: the first body must not touch `lent`, or anything
    /// the second body reaches through it, until the run returns.
    @discardableResult
    public static func run<First, Second: Sendable, Lent>(
        _ first: (Cancellation) throws -> First,
        lending lent: inout Lent,
        to second: sending @escaping (inout Lent, Cancellation) throws -> Second
    ) throws -> (First, Second) {
        let job = SentJob(body: second)
        return try withUnsafeMutablePointer(to: &lent) { pointer in
            let loan = Loan(pointer: pointer)
            return try run(first) { cancellation in try job.body(&loan.pointer.pointee, cancellation) }
        }
    }

    /// The second body on its way to its thread. Sound because the body was `sending`: nothing else
    /// refers to what it captured, and only the new thread calls it.
    private struct SentJob<Body>: @unchecked Sendable {
        let body: Body
    }

    /// The lent value on its way to the second thread. Sound as far as the caller keeps the promise of
    /// ``run(_:lending:to:)``: the pointer is used by the second thread only, and only until
    /// `run(_:_:)` has returned, inside the `withUnsafeMutablePointer` that made it.
    private struct Loan<Lent>: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<Lent>
    }
}
