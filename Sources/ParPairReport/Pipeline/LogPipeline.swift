import Foundation
import ParPairModel

/// Reads logs on one thread while another consumes them: decoding rows and folding them into the
/// aggregator take about as long as each other on a large store, and a machine has more than one
/// core. Order is kept: the consumer sees every log, and the end of every table, exactly as the
/// producer read them.
///
/// The producer runs on a thread of its own and is the only one to touch what it reads from (the
/// store reader) until ``run(_:produce:consume:)`` returns; the consumer runs on the calling thread.
/// At most ``capacity`` batches wait between them, so memory stays bounded however large the store.
enum LogPipeline {
    /// What travels from the producer to the consumer.
    enum Item: Sendable {
        /// The logs of a table come next; it holds this many rows.
        case startOfTable(LogKind, rows: Int)
        case logs([LogRecord])
        case endOfTable(LogKind)
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

        mutating func send(_ log: LogRecord) {
            batch.append(log)
            if batch.count == LogPipeline.batchSize { flush() }
        }

        mutating func startTable(_ kind: LogKind, rows: Int) {
            flush()
            channel.put(.startOfTable(kind, rows: rows))
        }

        mutating func endTable(_ kind: LogKind) {
            flush()
            channel.put(.endOfTable(kind))
        }

        fileprivate mutating func flush() {
            guard !batch.isEmpty else { return }
            channel.put(.logs(batch))
            batch = []
            batch.reserveCapacity(LogPipeline.batchSize)
        }
    }

    /// Runs `produce` on a new thread and `consume` on this one, item by item, until the producer
    /// returns or throws.
    /// - Throws: what `produce` throws, once the consumer has seen everything sent before it.
    static func run<Source>(
        _ source: Source,
        produce: @escaping (Source, inout Sink) throws -> Void,
        consume: (Item) -> Void
    ) throws {
        let channel = Channel()
        let work = UncheckedTransfer(source: source, produce: produce)
        let thread = Thread {
            var sink = Sink(channel: channel)
            do {
                try work.produce(work.source, &sink)
                sink.flush()
                channel.finish(nil)
            } catch {
                sink.flush()
                channel.finish(error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
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
        private var storedFailure: (any Error)?

        /// Waits while the queue is full, then appends.
        func put(_ item: Item) {
            condition.lock()
            while items.count >= LogPipeline.capacity {
                condition.wait()
            }
            items.append(item)
            condition.broadcast()
            condition.unlock()
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
