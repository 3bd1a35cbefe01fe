import Foundation

/// Bytes handed from a writer thread to a validator thread, at most `capacity` chunks waiting: the
/// report is validated while it is rendered (the rename still waits for the verdict), and memory stays
/// bounded however large the document.
public final class ByteChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var chunks: [[UInt8]] = []
    private var head: [UInt8] = []
    private var headOffset = 0
    private var finished = false
    private var discarding = false
    private let capacity: Int
    /// Bytes sent so far (read under the lock: the writer's thread adds to it).
    public var byteCount: Int { condition.withLock { sentBytes } }
    private var sentBytes = 0

    /// - Parameter capacity: chunks that may wait before `send` blocks (16 chunks of 64 KiB: 1 MiB).
    public init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
    }

    /// Hands over a copy of `bytes`, waiting while the reader is `capacity` chunks behind.
    public func send(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        condition.lock()
        defer { condition.unlock() }
        sentBytes += bytes.count
        guard !discarding else { return }
        while chunks.count >= capacity, !discarding { condition.wait() }
        guard !discarding else { return }
        chunks.append(Array(bytes))
        condition.broadcast()
    }

    /// No more bytes: the reader sees the end of the document.
    public func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the writer called `finish()` (so `byteCount` is the document's size).
    func waitUntilFinished() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }

    /// The reader stopped: later bytes are dropped instead of waited for.
    func discard() {
        condition.lock()
        discarding = true
        chunks.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Fills `buffer` with `length` bytes, waiting for them, as a read of a file would; fewer only at the
    /// end (0 once finished and drained). libxml2 misreads a document whose first reads come back short.
    func receive(into buffer: UnsafeMutableRawPointer, length: Int) -> Int {
        var copied = 0
        while copied < length {
            if headOffset == head.count {
                condition.lock()
                while chunks.isEmpty, !finished { condition.wait() }
                if chunks.isEmpty {
                    condition.unlock()
                    return copied
                }
                head = chunks.removeFirst()
                headOffset = 0
                condition.broadcast()
                condition.unlock()
            }
            let count = min(length - copied, head.count - headOffset)
            head.withUnsafeBytes { buffer.advanced(by: copied).copyMemory(from: $0.baseAddress! + headOffset, byteCount: count) }
            headOffset += count
            copied += count
        }
        return copied
    }
}
