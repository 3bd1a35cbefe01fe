/// The first 100 bytes of an SQLite database file, checked before SQLite sees the file so that an
/// empty, foreign or truncated file gets a clear message.
struct DatabaseHeader: Sendable {
    static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// Bytes per page (512…65536).
    let pageSize: Int
    /// True when bytes 18–19 mark the file as WAL (journal_mode=wal).
    let isWAL: Bool
    /// Pages the header claims, when that count is valid.
    let pageCount: Int?

    /// Checks a file's leading bytes and its size.
    ///
    /// - Parameter checkSize: compare the size with the header's page count. Only meaningful without
    ///   a WAL: with one, the current header and size are in the WAL, and a checkpoint may be
    ///   extending the main file while it is copied.
    /// - Throws: `StoreError.emptyFile`, `.notSQLite`, `.truncated` or `.corrupt`, naming `path`.
    init(bytes: [UInt8], fileSize: Int64, path: String, checkSize: Bool = true) throws {
        if fileSize == 0 { throw StoreError.emptyFile(path) }
        guard bytes.count >= 16, Array(bytes[0..<16]) == DatabaseHeader.magic else {
            throw StoreError.notSQLite(path, found: DatabaseHeader.describe(bytes))
        }
        guard bytes.count >= 100, fileSize >= 100 else {
            throw StoreError.truncated(path, detail: "the file has \(fileSize) bytes, less than SQLite's 100-byte header")
        }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
            throw StoreError.corrupt(path, detail: "the header gives an impossible page size (\(rawPageSize))")
        }
        self.pageSize = pageSize
        isWAL = bytes[18] == 2 && bytes[19] == 2
        let changeCounter = DatabaseHeader.bigEndian(bytes, at: 24)
        let count = DatabaseHeader.bigEndian(bytes, at: 28)
        let validFor = DatabaseHeader.bigEndian(bytes, at: 92)
        pageCount = count > 0 && validFor == changeCounter ? Int(count) : nil
        guard checkSize else { return }
        if let pageCount, fileSize < Int64(pageCount) * Int64(pageSize) {
            throw StoreError.truncated(path, detail: "the header counts \(pageCount) pages of \(pageSize) bytes "
                + "(\(Int64(pageCount) * Int64(pageSize)) bytes), but the file has \(fileSize) bytes")
        }
        if fileSize % Int64(pageSize) != 0 {
            throw StoreError.truncated(path, detail: "\(fileSize) bytes is not a whole number of \(pageSize)-byte pages")
        }
    }

    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        guard offset + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// What a file starts with, for a message: `text 'hello'` or `bytes 89 50 4E 47 …`.
    static func describe(_ bytes: [UInt8]) -> String {
        let head = Array(bytes.prefix(16))
        if !head.isEmpty, head.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return "text " + StoreError.quoted(String(decoding: head, as: UTF8.self), limit: 16)
        }
        let digits = Array("0123456789ABCDEF")
        let hex = head.prefix(8).map { String([digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]]) }.joined(separator: " ")
        return "bytes \(hex)" + (bytes.count > 8 ? " …" : "")
    }
}
