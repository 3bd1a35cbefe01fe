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
        guard size > 0 else { return inspection }
        guard size >= 32 else { return inspection.wholeFileIgnored("is \(size) bytes, too short for its 32-byte header") }
        guard let file = try? ReadOnlyFile(path), let bytes = file.read(exactly: 32) else { return inspection }
        let header: WALHeader
        switch WALHeader.read(bytes) {
        case .success(let valid): header = valid
        case .failure(let damage): return inspection.wholeFileIgnored(damage.reason)
        }
        inspection.pageSize = header.pageSize
        let walk = FrameWalk(file: file, size: size, header: header)
        inspection.frames = walk.committedFrames
        inspection.transactions = walk.transactions
        if let damage = walk.damage {
            let from = 32 + Int64(walk.committedFrames) * header.frameSize
            inspection.ignored = "its -wal is damaged or unfinished: \(damage), so SQLite uses its first \(walk.committedFrames) "
                + "frames (\(walk.transactions) transactions) and ignores the \(size - from) bytes from byte \(from) on: "
                + "the newest logs may be missing"
        }
        return inspection
    }

    /// This inspection with the whole file ignored, for the reason given (a sentence's middle: "has a damaged header").
    private func wholeFileIgnored(_ why: String) -> WALInspection {
        var inspection = self
        inspection.ignored = "its -wal \(why), so SQLite ignores all \(bytes) bytes of it: the newest logs may be missing"
        return inspection
    }
}

/// A WAL's 32-byte header, checked as SQLite checks it: magic, page size and its own checksum.
private struct WALHeader {
    /// Why SQLite ignores a header, as the middle of a sentence.
    struct Damage: Error {
        let reason: String
    }

    let pageSize: Int
    /// The salt every frame of the current WAL generation repeats.
    let salt: [UInt8]
    /// The running checksum after the header, which the first frame continues.
    let checksum: WALChecksum

    /// A frame: its 24-byte header and one page.
    var frameSize: Int64 { Int64(24 + pageSize) }

    static func read(_ header: [UInt8]) -> Result<WALHeader, Damage> {
        let magic = DatabaseHeader.bigEndian(header, at: 0)
        let pageSize = Int(DatabaseHeader.bigEndian(header, at: 8))
        guard magic == 0x377F_0682 || magic == 0x377F_0683, pageSize >= 512, pageSize <= 65_536,
              pageSize & (pageSize - 1) == 0 else {
            return .failure(Damage(reason: "has a damaged header (not a write-ahead log's)"))
        }
        var checksum = WALChecksum(bigEndian: magic & 1 == 1)
        checksum.add(header[0..<24])
        guard checksum.first == DatabaseHeader.bigEndian(header, at: 24),
              checksum.second == DatabaseHeader.bigEndian(header, at: 28) else {
            return .failure(Damage(reason: "has a damaged header (its checksum fails)"))
        }
        return .success(WALHeader(pageSize: pageSize, salt: Array(header[16..<24]), checksum: checksum))
    }
}

/// The frames after the header that SQLite uses: read until the salt changes (frames from before a WAL restart,
/// not damage), a frame is cut short or fails its checksum; the used ones end at the last commit frame.
private struct FrameWalk {
    /// Frames whose salt and checksum hold.
    private(set) var frames = 0
    /// Frames up to and including the last commit frame.
    private(set) var committedFrames = 0
    private(set) var transactions = 0
    /// Why frames after the committed ones are ignored, when that is damage or an unfinished transaction.
    private(set) var damage: String?

    init(file: ReadOnlyFile, size: Int64, header: WALHeader) {
        var checksum = header.checksum
        while true {
            let offset = 32 + Int64(frames) * header.frameSize
            guard offset < size else { break }
            guard size - offset >= header.frameSize, let frameHeader = file.read(exactly: 24),
                  let page = file.read(exactly: header.pageSize) else {
                damage = "its last frame is cut short (\(size - offset) of \(header.frameSize) bytes)"
                break
            }
            guard Array(frameHeader[8..<16]) == header.salt else { break }
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
