extension Array where Element == UInt8 {
    /// Appends what `body` writes through its pen, in order: the pieces (a few dozen short strings for an SVG element)
    /// are gathered in a buffer of `capacity` bytes on the stack and appended in one piece, so the array is checked and
    /// grown once per call, not once per piece.
    ///
    /// - Parameters:
    ///   - capacity: The stack buffer's size; pieces that do not fit go through the pen's `spilled` array.
    ///   - body: Writes the pieces. The pen must not be kept past it.
    public mutating func gather(capacity: Int = 1024, _ body: (inout GatheringPen) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var pen = GatheringPen(buffer: buffer)
            body(&pen)
            append(contentsOf: pen.spilled)
            append(contentsOf: buffer[..<pen.count])
        }
    }
}

/// Writes UTF-8 into a buffer on the stack, for ``Swift/Array/gather(capacity:_:)``.
///
/// Its invariant: a pen is made only by `gather` (its initialiser is internal), over the buffer `gather` allocated and
/// only for the length of its body; it writes only within that buffer (a piece that does not fit first moves what the
/// buffer holds to `spilled`, and a piece larger than the whole buffer goes to `spilled` itself), so `spilled` and
/// then the buffer's first `count` bytes are exactly the pieces written, in order.
public struct GatheringPen: TextOutputStream {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes in the buffer, after those in `spilled`.
    fileprivate var count = 0
    /// The bytes written before those in the buffer.
    fileprivate var spilled: [UInt8] = []

    fileprivate init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    public mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { piece in
            if count + piece.count > buffer.count {
                spilled.append(contentsOf: buffer[..<count])
                count = 0
                if piece.count > buffer.count { return spilled.append(contentsOf: piece) }
            }
            let end = count + piece.count
            precondition(end <= buffer.count, "GatheringPen: a piece past its buffer")
            _ = buffer[count..<end].initialize(fromContentsOf: piece)
            count = end
        }
    }
}
