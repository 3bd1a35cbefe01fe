/// Tells a body of ``Concurrently`` that the other one failed, so that its own work is no longer wanted.
/// A body looks at it when it suits it (between two pieces of work); one that stops because of it
/// throws `CancellationError`, which never hides the other body's error.
public final class Cancellation: Sendable {
    private let cancelled = WriteOnce<Void>()

    init() {}

    /// Whether the other body failed.
    public var isCancelled: Bool { cancelled.valueIfSet != nil }

    /// Throws `CancellationError` once the other body failed.
    public func check() throws(CancellationError) {
        if isCancelled { throw CancellationError() }
    }

    func cancel() { cancelled.set(()) }
}
