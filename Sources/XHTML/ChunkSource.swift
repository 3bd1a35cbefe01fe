#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A document as libxml2's read callback sees it: bytes in memory or an open file, handed over a
/// chunk at a time. Used on one thread, for one parse.
final class ChunkSource {
    enum Origin {
        /// Bytes that stay alive for the whole parse.
        case memory(UnsafeRawBufferPointer)
        /// A file descriptor opened for reading, positioned at the start of the document.
        case descriptor(Int32)
        /// Bytes another thread sends while it writes the document; `limit` is the size cap.
        case channel(ByteChannel, limit: Int)
    }

    let origin: Origin
    private var offset = 0
    /// The chunk a channel handed over last, and how much of it was read.
    private var chunk: [UInt8] = []
    private var chunkOffset = 0
    /// `errno` of the first failed read, if any; libxml2 then reports the document as truncated.
    private(set) var readError: Int32?
    /// The document sent through a channel grew past its size cap (then it reads as truncated).
    private(set) var overLimit = false

    init(_ origin: Origin) {
        self.origin = origin
    }

    /// Copies up to `length` bytes into `buffer`; returns how many, 0 at the end, -1 on error. From a channel,
    /// waits for `minimum` bytes (all `length` unless told), then takes what has come, up to `length`.
    func read(into buffer: UnsafeMutablePointer<CChar>, length: Int, minimum: Int? = nil) -> Int32 {
        let length = min(length, Int(Int32.max))
        switch origin {
        case .memory(let bytes):
            let count = min(length, bytes.count - offset)
            guard count > 0, let base = bytes.baseAddress else { return 0 }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + offset, byteCount: count)
            offset += count
            return Int32(count)
        case .channel(let channel, let limit):
            guard !overLimit else { return -1 }
            let count = receive(from: channel, into: UnsafeMutableRawPointer(buffer), length: length, minimum: min(minimum ?? length, length))
            offset += count
            if offset > limit {
                overLimit = true
                channel.discard()
                return -1
            }
            return Int32(count)
        case .descriptor(let descriptor):
            while true {
                let count = systemRead(descriptor, buffer, length)
                if count >= 0 { return Int32(count) }
                if errno == EINTR { continue }
                readError = readError ?? errno
                return -1
            }
        }
    }
}

extension ChunkSource {
    /// Fills `buffer` with `length` bytes from `channel`, waiting for them, as a read of a file would; fewer
    /// only at the end (0 once finished and drained). libxml2 misreads a document whose first reads come
    /// back short when it pulls them; pushed, it takes any piece, and `minimum` bytes are waited for, no more.
    private func receive(from channel: ByteChannel, into buffer: UnsafeMutableRawPointer, length: Int, minimum: Int) -> Int {
        var copied = 0
        while copied < length {
            if chunkOffset == chunk.count {
                if copied >= minimum { return copied }
                guard let next = channel.nextChunk() else { return copied }
                (chunk, chunkOffset) = (next, 0)
            }
            let count = min(length - copied, chunk.count - chunkOffset)
            chunk.withUnsafeBytes { buffer.advanced(by: copied).copyMemory(from: $0.baseAddress! + chunkOffset, byteCount: count) }
            chunkOffset += count
            copied += count
        }
        return copied
    }
}

/// POSIX `read(2)`, named apart from ``ChunkSource/read(into:length:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
