/// A bounded queue between a sending thread and a receiving one, in order.
///
/// The sender blocks while `capacity` elements wait (with a capacity of 0, until the receiver has taken
/// each element), so memory stays bounded however fast it is; the receiver blocks until an element comes.
/// Either side ends it: the sender with ``finish(throwing:)`` (the receiver gets the elements still
/// waiting, then the end or the sender's error), the receiver with ``close()`` (elements waiting are
/// dropped, and the sender's next ``send(_:)`` throws ``ChannelClosed`` instead of waiting for ever).
///
/// ```swift
/// let lines = Channel<String>(capacity: 8)
/// // sender:    for line in input { try lines.send(line) }; lines.finish()
/// // receiver:  defer { lines.close() }; while let line = try lines.receive() { use(line) }
/// ```
public final class Channel<Element: Sendable>: Sendable {
    private struct State: Sendable {
        /// At most `max(capacity, 1)` elements, so taking from the front costs little.
        var waiting: [Element] = []
        /// Elements ever sent and ever received: a sender of a rendezvous channel waits until its
        /// element's number is received.
        var sent = 0
        var received = 0
        var finished = false
        var failure: (any Error)?
        var closed = false
    }

    private let capacity: Int
    private let state = Locked(State())

    /// - Parameter capacity: elements that may wait before ``send(_:)`` blocks; 0 makes each send wait
    ///   until its element is received.
    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Hands `element` over, waiting while the channel is full (for a capacity of 0, until it is received).
    /// - Throws: ``ChannelClosed`` once the receiver closed the channel; the element is dropped.
    public func send(_ element: Element) throws(ChannelClosed) {
        let room = max(capacity, 1)
        let number = try state.withLock(waitingUntil: { $0.closed || $0.waiting.count < room }) { state throws(ChannelClosed) in
            if state.closed { throw ChannelClosed() }
            precondition(!state.finished, "an element was sent after the channel was finished")
            state.waiting.append(element)
            state.sent += 1
            return state.sent
        }
        guard capacity == 0 else { return }
        try state.withLock(waitingUntil: { $0.closed || $0.received >= number }) { state throws(ChannelClosed) in
            if state.received < number { throw ChannelClosed() }
        }
    }

    /// The sender is done: the receiver gets what is waiting, then the end (nil), or `failure` thrown.
    /// Later calls change nothing.
    public func finish(throwing failure: (any Error)? = nil) {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            state.failure = failure
        }
    }

    /// The next element, waiting for one.
    /// - Returns: nil once the sender finished and every element was received, or once this side closed.
    /// - Throws: what the sender finished with, after every element sent before it.
    public func receive() throws -> Element? {
        try state.withLock(waitingUntil: { !$0.waiting.isEmpty || $0.finished || $0.closed }) { state in
            if let element = Self.take(&state) { return element }
            if let failure = state.failure, !state.closed { throw failure }
            return nil
        }
    }

    /// The next element if one is waiting, without waiting; the end and the sender's error are left to
    /// ``receive()``.
    public func poll() -> Element? {
        state.withLock { Self.take(&$0) }
    }

    /// The receiver is done: elements waiting are dropped and a sender waiting, or sending later, gets
    /// ``ChannelClosed``. Closing after the end, or twice, is harmless.
    public func close() {
        state.withLock { state in
            state.closed = true
            state.waiting.removeAll()
        }
    }

    /// Whether the receiver closed the channel.
    public var isClosed: Bool {
        state.withLock { $0.closed }
    }

    private static func take(_ state: inout State) -> Element? {
        guard !state.waiting.isEmpty else { return nil }
        state.received += 1
        return state.waiting.removeFirst()
    }
}

/// The receiver closed the channel: what is sent goes nowhere.
public struct ChannelClosed: Error, Equatable, CustomStringConvertible {
    public init() {}
    public var description: String { "the receiving side closed the channel" }
}
