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
    /// What of the file SQLite ignores because it is damaged or unfinished, in words (a bad header, a frame
    /// cut short, a checksum that fails, frames of no committed transaction); nil when nothing is, or when
    /// only frames from before a WAL restart (an older salt) follow, which is how SQLite leaves a WAL.
    public var ignored: String?

    private enum CodingKeys: String, CodingKey {
        case bytes, frames, transactions, pageSize
    }

    public init(bytes: Int64, frames: Int, transactions: Int, pageSize: Int) {
        self.bytes = bytes
        self.frames = frames
        self.transactions = transactions
        self.pageSize = pageSize
    }

    /// Reads a WAL file frame by frame (memory: one page).
    static func inspect(path: String, size: Int64) -> WALInspection {
        var inspection = WALInspection(bytes: size, frames: 0, transactions: 0, pageSize: 0)
        func wholeFileIgnored(_ why: String) -> WALInspection {
            inspection.ignored = "its -wal \(why), so SQLite ignores all \(size) bytes of it: the newest logs may be missing"
            return inspection
        }
        guard size > 0 else { return inspection }
        guard size >= 32 else { return wholeFileIgnored("is \(size) bytes, too short for its 32-byte header") }
        guard let file = try? ReadOnlyFile(path), let header = file.read(exactly: 32) else { return inspection }
        let magic = DatabaseHeader.bigEndian(header, at: 0)
        let pageSize = Int(DatabaseHeader.bigEndian(header, at: 8))
        guard magic == 0x377F_0682 || magic == 0x377F_0683, pageSize >= 512, pageSize <= 65_536,
              pageSize & (pageSize - 1) == 0 else {
            return wholeFileIgnored("has a damaged header (not a write-ahead log's)")
        }
        inspection.pageSize = pageSize
        let bigEndianWords = magic & 1 == 1
        var checksum = WALChecksum(bigEndian: bigEndianWords)
        checksum.add(header[0..<24])
        guard checksum.first == DatabaseHeader.bigEndian(header, at: 24),
              checksum.second == DatabaseHeader.bigEndian(header, at: 28) else {
            return wholeFileIgnored("has a damaged header (its checksum fails)")
        }
        let salt = Array(header[16..<24])
        let frameSize = Int64(24 + pageSize)
        var frames = 0, committedFrames = 0, transactions = 0
        /// Why the frames stop before the end of the file, when that is damage rather than an older salt.
        var damage: String?
        while true {
            let offset = 32 + Int64(frames) * frameSize
            guard offset < size else { break }
            guard size - offset >= frameSize, let frameHeader = file.read(exactly: 24),
                  let page = file.read(exactly: pageSize) else {
                damage = "its last frame is cut short (\(size - offset) of \(frameSize) bytes)"
                break
            }
            guard Array(frameHeader[8..<16]) == salt else { break }
            checksum.add(frameHeader[0..<8])
            checksum.add(page[...])
            guard checksum.first == DatabaseHeader.bigEndian(frameHeader, at: 16),
                  checksum.second == DatabaseHeader.bigEndian(frameHeader, at: 20) else {
                damage = "frame \(frames + 1) fails its checksum"
                break
            }
            frames += 1
            if DatabaseHeader.bigEndian(frameHeader, at: 4) != 0 {
                committedFrames = frames
                transactions += 1
            }
        }
        if frames > committedFrames {
            let unfinished = "\(frames - committedFrames) frame\(frames - committedFrames == 1 ? "" : "s") of no committed transaction"
            damage = damage.map { unfinished + " and then " + $0 } ?? unfinished
        }
        inspection.frames = committedFrames
        inspection.transactions = transactions
        if let damage {
            let from = 32 + Int64(committedFrames) * frameSize
            inspection.ignored = "its -wal is damaged or unfinished: \(damage), so SQLite uses its first \(committedFrames) "
                + "frames (\(transactions) transactions) and ignores the \(size - from) bytes from byte \(from) on: "
                + "the newest logs may be missing"
        }
        return inspection
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
