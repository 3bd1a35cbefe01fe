import Foundation
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
        fileprivate let channel: Channel
        private var batch: [LogRecord] = []

        fileprivate init(channel: Channel) {
            self.channel = channel
            batch.reserveCapacity(LogPipeline.batchSize)
        }

        /// - Throws: `CancellationError` once the consumer gave up (its own work failed).
        mutating func send(_ log: LogRecord) throws {
            batch.append(log)
            if batch.count == LogPipeline.batchSize { try flush() }
        }

        mutating func startTable(_ kind: LogKind, rows: Int) throws {
            try flush()
            try channel.put(.startOfTable(kind, rows: rows))
        }

        mutating func endTable(_ kind: LogKind, repeatedIDs: Int = 0) throws {
            try flush()
            try channel.put(.endOfTable(kind, repeatedIDs: repeatedIDs))
        }

        fileprivate mutating func flush() throws {
            guard !batch.isEmpty else { return }
            // Handed over without a second reference, so the consumer frees the batch when done with it.
            var full: [LogRecord] = []
            full.reserveCapacity(LogPipeline.batchSize)
            swap(&full, &batch)
            try channel.put(.logs(consume full))
        }
    }

    /// Runs `produce` on a new thread and `consume` on this one, item by item, until the producer
    /// returns or throws. Before waiting for items, this thread runs `alongside`, which may call the
    /// `drain` it is given to consume, without waiting, whatever has arrived.
    /// - Throws: what `alongside` throws (the producer is stopped and waited for first), else what
    ///   `produce` throws, once the consumer has seen everything sent before it.
    static func run<Source>(
        _ source: Source,
        produce: @escaping (Source, inout Sink) throws -> Void,
        alongside: (_ drain: () -> Void) throws -> Void = { _ in },
        consume: (Item) -> Void
    ) throws {
        let channel = Channel()
        let work = UncheckedTransfer(source: source, produce: produce)
        let thread = Thread {
            var sink = Sink(channel: channel)
            do {
                try work.produce(work.source, &sink)
                try sink.flush()
                channel.finish(nil)
            } catch {
                try? sink.flush()
                channel.finish(error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        do {
            // Both closures run here, one inside the other, never at once with anything else.
            try withoutActuallyEscaping(consume) { consume in
                try alongside { while let item = channel.poll() { consume(item) } }
            }
        } catch {
            channel.cancel()
            while channel.take() != nil {}  // until the producer has stopped
            throw error
        }
        while let item = channel.take() {
            consume(item)
        }
        if let failure = channel.failure {
            throw failure
        }
    }

    /// Hands the source and the producer to the new thread. Sound because the calling thread does
    /// not touch either until the producer has finished (the channel's lock orders the two).
    private struct UncheckedTransfer<Source>: @unchecked Sendable {
        let source: Source
        let produce: (Source, inout Sink) throws -> Void
    }

    /// A bounded queue guarded by one condition lock.
    fileprivate final class Channel: @unchecked Sendable {
        private let condition = NSCondition()
        /// At most ``LogPipeline/capacity`` items, so taking from the front costs nothing.
        private var items: [Item] = []
        private var finished = false
        private var cancelled = false
        private var storedFailure: (any Error)?

        /// Waits while the queue is full, then appends.
        /// - Throws: `CancellationError` once the consumer cancelled, dropping the item.
        func put(_ item: Item) throws {
            condition.lock()
            defer { condition.unlock() }
            while items.count >= LogPipeline.capacity, !cancelled {
                condition.wait()
            }
            if cancelled { throw CancellationError() }
            items.append(item)
            condition.broadcast()
        }

        /// The consumer gives up: items waiting are dropped and the producer's next hand-over throws.
        func cancel() {
            condition.lock()
            cancelled = true
            items.removeAll()
            condition.broadcast()
            condition.unlock()
        }

        /// The next item if one is waiting, without waiting.
        func poll() -> Item? {
            condition.lock()
            defer { condition.unlock() }
            guard !items.isEmpty else { return nil }
            let item = items.removeFirst()
            condition.broadcast()
            return item
        }

        /// No more items; `failure` is what the producer threw, if anything.
        func finish(_ failure: (any Error)?) {
            condition.lock()
            finished = true
            storedFailure = failure
            condition.broadcast()
            condition.unlock()
        }

        /// The next item, waiting for one; nil once the producer finished and all were taken.
        func take() -> Item? {
            condition.lock()
            defer { condition.unlock() }
            while items.isEmpty, !finished {
                condition.wait()
            }
            guard !items.isEmpty else { return nil }
            let item = items.removeFirst()
            condition.broadcast()
            return item
        }

        /// What the producer threw; read after ``take()`` returned nil.
        var failure: (any Error)? {
            condition.lock()
            defer { condition.unlock() }
            return storedFailure
        }
    }
}
