/// A value one thread sets once and others wait for: reading blocks until it is set, and every reader
/// then sees the same value.
///
/// ```swift
/// let charts = WriteOnce<[String]>()
/// // on one thread:   charts.set(drawn)
/// // on another:      let drawn = charts.value   (waits for the set)
/// ```
public final class WriteOnce<Value: Sendable>: Sendable {
    private let slot = Locked<Value?>(nil)

    public init() {}

    /// Sets the value unless it was set before; the first value stays.
    /// - Returns: true when this call set it.
    @discardableResult
    public func set(_ value: Value) -> Bool {
        slot.withLock { slot in
            guard slot == nil else { return false }
            slot = value
            return true
        }
    }

    /// The value, waiting until it is set.
    public var value: Value {
        slot.withLock(waitingUntil: { $0 != nil }) { $0! }
    }

    /// The value if it is set, without waiting.
    public var valueIfSet: Value? {
        slot.withLock { $0 }
    }
}
