import Platform

/// What a write-ahead log holds: SQLite uses the frames whose salts match the WAL header and whose
/// running checksums verify, up to the last commit frame. Frames after that (an append in progress,
/// frames left from before a WAL restart) are ignored by SQLite and not counted here.
public struct WALInspection: Sendable, Hashable, Codable {
    /// The file size.
    public var bytes: Int64
    /// Frames (page images) SQLite will use.
    public var frames: Int
    /// Committed transactions among them.
    public var transactions: Int
    /// Page size recorded in the WAL header (0 when the header is missing or invalid).
    public var pageSize: Int

    public init(bytes: Int64, frames: Int, transactions: Int, pageSize: Int) {
        self.bytes = bytes
        self.frames = frames
        self.transactions = transactions
        self.pageSize = pageSize
    }

    /// Reads a WAL file frame by frame (memory: one page).
    static func inspect(path: String, size: Int64) -> WALInspection {
        guard size >= 32, let descriptor = try? POSIXFile.openForReading(path) else {
            return WALInspection(bytes: size, frames: 0, transactions: 0, pageSize: 0)
        }
        defer { POSIXFile.closeDescriptor(descriptor) }
        guard let header = POSIXFile.readExactly(descriptor, count: 32) else {
            return WALInspection(bytes: size, frames: 0, transactions: 0, pageSize: 0)
        }
        let magic = DatabaseHeader.bigEndian(header, at: 0)
        let pageSize = Int(DatabaseHeader.bigEndian(header, at: 8))
        guard magic == 0x377F_0682 || magic == 0x377F_0683, pageSize >= 512, pageSize <= 65_536,
              pageSize & (pageSize - 1) == 0 else {
            return WALInspection(bytes: size, frames: 0, transactions: 0, pageSize: 0)
        }
        let bigEndianWords = magic & 1 == 1
        var checksum = WALChecksum(bigEndian: bigEndianWords)
        checksum.add(header[0..<24])
        guard checksum.first == DatabaseHeader.bigEndian(header, at: 24),
              checksum.second == DatabaseHeader.bigEndian(header, at: 28) else {
            return WALInspection(bytes: size, frames: 0, transactions: 0, pageSize: pageSize)
        }
        let salt = Array(header[16..<24])
        var frames = 0, committedFrames = 0, transactions = 0
        while let frameHeader = POSIXFile.readExactly(descriptor, count: 24),
              let page = POSIXFile.readExactly(descriptor, count: pageSize) {
            guard Array(frameHeader[8..<16]) == salt else { break }
            checksum.add(frameHeader[0..<8])
            checksum.add(page[...])
            guard checksum.first == DatabaseHeader.bigEndian(frameHeader, at: 16),
                  checksum.second == DatabaseHeader.bigEndian(frameHeader, at: 20) else { break }
            frames += 1
            if DatabaseHeader.bigEndian(frameHeader, at: 4) != 0 {
                committedFrames = frames
                transactions += 1
            }
        }
        return WALInspection(bytes: size, frames: committedFrames, transactions: transactions, pageSize: pageSize)
    }
}

/// SQLite's WAL checksum: two running 32-bit sums over pairs of 32-bit words.
struct WALChecksum {
    let bigEndian: Bool
    var first: UInt32 = 0
    var second: UInt32 = 0

    mutating func add(_ bytes: ArraySlice<UInt8>) {
        var index = bytes.startIndex
        while index + 8 <= bytes.endIndex {
            let x0 = word(bytes, index), x1 = word(bytes, index + 4)
            first = first &+ x0 &+ second
            second = second &+ x1 &+ first
            index += 8
        }
    }

    private func word(_ bytes: ArraySlice<UInt8>, _ index: Int) -> UInt32 {
        let b0 = UInt32(bytes[index]), b1 = UInt32(bytes[index + 1]), b2 = UInt32(bytes[index + 2]), b3 = UInt32(bytes[index + 3])
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }
}
