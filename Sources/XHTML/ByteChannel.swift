import Concurrency

/// Bytes handed from a writer thread to a validator thread, at most `capacity` chunks waiting: the
/// report is validated while it is rendered (the rename still waits for the verdict), and memory stays
/// bounded however large the document.
///
/// The writer calls ``send(_:)`` and then ``finish()``; the reader takes chunks, and once it stops
/// reading (``discard()``) later bytes are counted and dropped, so the writer never waits on it.
public final class ByteChannel: Sendable {
    private let chunks: Channel<[UInt8]>
    /// Bytes sent so far, dropped ones included.
    private let sent = Locked(0)
    /// Every byte's count, set when the writer finishes.
    private let total = WriteOnce<Int>()

    /// - Parameter capacity: chunks that may wait before `send` blocks (a report's: 16, most of 16 KiB or a little more).
    public init(capacity: Int = 16) {
        chunks = Channel(capacity: max(1, capacity))
    }

    /// Hands over a copy of `bytes`, waiting while the reader is `capacity` chunks behind.
    public func send(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        sent.withLock { $0 += bytes.count }
        // The reader stopped: the bytes are counted, and go nowhere, not even into a copy.
        guard !chunks.isClosed else { return }
        do {
            try chunks.send(Array(bytes))
        } catch {
            // The reader stopped: the bytes are counted, and go nowhere.
        }
    }

    /// No more bytes: the reader sees the end of the document.
    public func finish() {
        chunks.finish()
        total.set(sent.withLock { $0 })
    }

    /// The document's size, waiting until the writer called ``finish()``.
    var byteCount: Int { total.value }

    /// The reader stopped: later bytes are dropped instead of waited for.
    func discard() {
        chunks.close()
    }

    /// The next chunk, waiting for it; nil at the end of the document (or once discarded).
    func nextChunk() -> [UInt8]? {
        // The writer finishes without an error, so there is none to throw.
        try? chunks.receive()
    }
}
