import Foundation

/// A value only one thread at a time reads or changes, behind a lock; threads may wait, the lock
/// released meanwhile, until the value is as they need it.
///
/// The one place this package pairs a lock with the state it guards: ``Channel``, ``WriteOnce`` and
/// ``Concurrently`` are made of it, and a feature that needs a lock of its own uses one (as swift-nio's
/// `NIOLockedValueBox`).
///
/// ```swift
/// let claimed = Locked(Set<String>())
/// let first = claimed.withLock { $0.insert("food").inserted }
/// ```
public final class Locked<Value> {
    private let condition = NSCondition()
    /// Read and written only between `condition.lock()` and `condition.unlock()`.
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held; threads waiting in ``withLock(waitingUntil:_:)`` look
    /// at the value again afterwards.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `isReady` holds for the value (the lock released while waiting), then runs `body` on it
    /// with the lock held, as ``withLock(_:)`` does.
    public func withLock<Result, Failure: Error>(
        waitingUntil isReady: (Value) -> Bool, _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !isReady(value) { condition.wait() }
        return try body(&value)
    }
}

/// Sound because every access to `value` holds the condition's lock, and `withLock` hands it out only
/// for the duration of `body`: a `Sendable` value crosses threads only by being copied out under the lock.
extension Locked: @unchecked Sendable where Value: Sendable {}
