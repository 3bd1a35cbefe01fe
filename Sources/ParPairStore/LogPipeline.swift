import Concurrency
import ParPairModel

/// Reads logs on one thread while another consumes them: decoding rows and folding them into the
/// aggregator take about as long as each other on a large store, and a machine has more than one
/// core. Order is kept: the consumer sees every log, and the end of every table, exactly as the
/// producer read them.
///
/// The producer runs on a thread of its own and is the only one to touch what it reads from (the
/// store reader) until ``run(_:produce:alongside:consume:)`` returns; the consumer runs on the calling
/// thread, which may also do work of its own meanwhile (`alongside`, such as reading a table through
/// another connection), taking in what has arrived now and then. At most ``capacity`` batches wait
/// between them, so memory stays bounded however large the store.
enum LogPipeline {
    /// What travels from the producer to the consumer.
    enum Item: Sendable {
        /// The logs of a table come next; it holds this many rows.
        case startOfTable(LogKind, rows: Int)
        case logs([LogRecord])
        /// The table's logs are all sent; `repeatedIDs` of them had the id of an earlier one (when the
        /// producer counted them, else 0).
        case endOfTable(LogKind, repeatedIDs: Int)
    }

    /// Logs per batch: large enough that the hand-over costs nothing per log, small enough to keep
    /// both threads busy from the start.
    static let batchSize = 1024
    /// Batches waiting at most.
    static let capacity = 8

    /// The producer's side: logs go out in batches, tables end explicitly.
    struct Sink: ~Copyable {
        /// Hands an item over: into the channel, or straight to the consumer when both run on one thread.
        private let deliver: (Item) throws -> Void
        private var batch: [LogRecord] = []

        fileprivate init(deliver: @escaping (Item) throws -> Void) {
            self.deliver = deliver
            batch.reserveCapacity(LogPipeline.batchSize)
        }

        /// - Throws: `ChannelClosed` once the consumer gave up (its own work failed).
        mutating func send(_ log: LogRecord) throws {
            batch.append(log)
            if batch.count == LogPipeline.batchSize { try flush() }
        }

        mutating func startTable(_ kind: LogKind, rows: Int) throws {
            try flush()
            try deliver(.startOfTable(kind, rows: rows))
        }

        mutating func endTable(_ kind: LogKind, repeatedIDs: Int = 0) throws {
            try flush()
            try deliver(.endOfTable(kind, repeatedIDs: repeatedIDs))
        }

        fileprivate mutating func flush() throws {
            guard !batch.isEmpty else { return }
            // Handed over without a second reference, so the consumer frees the batch when done with it.
            var full: [LogRecord] = []
            full.reserveCapacity(LogPipeline.batchSize)
            swap(&full, &batch)
            try deliver(.logs(consume full))
        }
    }

    /// Runs `produce` on a new thread and `consume` on this one, item by item, until the producer
    /// returns or throws. Before waiting for items, this thread runs `alongside`, which may call the
    /// `drain` it is given to consume, without waiting, whatever has arrived.
    ///
    /// `source` is lent to the producer (``Concurrently/run(_:lending:to:)``): this thread must not touch
    /// it, in `alongside` or `consume`, until `run` returns.
    ///
    /// With `onThisThread`, for work too small to pay for a thread: `alongside`, then `produce` with every item
    /// handed straight to `consume`, all on this thread. The consumer sees the same items in the same order.
    /// - Throws: what `alongside` throws (the producer is stopped and waited for first), else what
    ///   `produce` throws, once the consumer has seen everything sent before it.
    static func run<Source>(
        _ source: Source,
        onThisThread: Bool = false,
        produce: sending @escaping (Source, inout Sink) throws -> Void,
        alongside: (_ drain: () -> Void) throws -> Void = { _ in },
        consume: (Item) -> Void
    ) throws {
        if onThisThread {
            try alongside {}
            try withoutActuallyEscaping(consume) { consume in
                var sink = Sink(deliver: consume)
                do {
                    try produce(source, &sink)
                } catch {
                    try? sink.flush()  // what was sent before the failure, as the channel delivers it
                    throw error
                }
                try sink.flush()
            }
            return
        }
        let channel = Channel<Item>(capacity: capacity)
        var lent = source
        try Concurrently.run({ _ in
            defer { channel.close() }  // a consumer that fails stops the producer at its next hand-over
            // Both closures run here, one inside the other, never at once with anything else.
            try withoutActuallyEscaping(consume) { consume in
                try alongside { while let item = channel.poll() { consume(item) } }
            }
            while let item = try channel.receive() {
                consume(item)
            }
        }, lending: &lent, to: { source, _ in
            var sink = Sink(deliver: { try channel.send($0) })
            do {
                try produce(source, &sink)
                try sink.flush()
                channel.finish()
            } catch {
                try? sink.flush()
                channel.finish(throwing: error)
            }
        })
    }
}
