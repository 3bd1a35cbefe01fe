import PropertyList

/// One row of `Manifest.db`'s `Files` table, with what its NSKeyedArchiver `MBFile` record says.
public struct FileRecord: Sendable, Equatable {
    /// 40 lowercase hex digits: SHA-1 of `domain-relativePath`; the data is at `<xx>/<fileID>`.
    public let fileID: String
    public let domain: String
    public let relativePath: String
    /// `Files.flags`: 1 a file, 2 a folder, 4 a symbolic link.
    public let flags: Int64
    /// The size the record claims.
    public let size: Int64
    /// Where a symbolic link points (`Target`); nil for files and folders.
    public let target: String?
    let protectionClass: UInt32
    /// The file's own key, wrapped with its class key (encrypted backups).
    let wrappedKey: [UInt8]?

    /// A record larger than this is hostile (real ones are 1–3 KB).
    static let maximumRecordBytes = 256 << 10
    static let limits = PropertyListLimits(maximumBytes: maximumRecordBytes, maximumDepth: 16, maximumValues: 10_000)

    /// Whether the record is a regular file, the only kind restored.
    public var isFile: Bool { flags == 1 }

    init(fileID: String, domain: String, relativePath: String, flags: Int64, record: [UInt8], manifest: String) throws(BackupError) {
        guard fileID.utf8.count == 40, fileID.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw .damaged(manifest, detail: "the fileID '\(fileID.prefix(60))' of \(domain) \(relativePath) is not 40 hex digits")
        }
        self.fileID = fileID
        self.domain = domain
        self.relativePath = relativePath
        self.flags = flags
        let where_ = "the file record of \(domain) \(relativePath)"
        guard record.count <= Self.maximumRecordBytes else {
            throw .damaged(manifest, detail: "\(where_) is \(record.count) bytes, more than \(Self.maximumRecordBytes)")
        }
        let archive: PropertyListValue
        do { archive = try PropertyList.read(record, limits: Self.limits) } catch {
            throw .damaged(manifest, detail: "\(where_): \(error)")
        }
        guard let objects = archive["$objects"]?.array, let rootID = archive["$top"]?["root"]?.uid,
              rootID < UInt64(objects.count), case .dictionary = objects[Int(rootID)] else {
            throw .damaged(manifest, detail: "\(where_) is not a keyed archive of an MBFile")
        }
        let root = objects[Int(rootID)]
        size = root["Size"]?.integer ?? -1
        if let targetID = root["Target"]?.uid, targetID < UInt64(objects.count) {
            target = objects[Int(targetID)].string
        } else {
            target = root["Target"]?.string
        }
        protectionClass = UInt32(truncatingIfNeeded: root["ProtectionClass"]?.integer ?? 0)
        if let keyID = root["EncryptionKey"]?.uid {
            guard keyID < UInt64(objects.count), let data = objects[Int(keyID)]["NS.data"]?.data, data.count == 44 else {
                throw .damaged(manifest, detail: "\(where_) has a damaged EncryptionKey")
            }
            wrappedKey = Array(data[4...])
        } else {
            wrappedKey = nil
        }
    }
}
