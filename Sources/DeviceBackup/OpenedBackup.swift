import AESCrypto
import Foundation
import SQLite

/// A device backup opened for reading files: its `Manifest.db` copied (or decrypted) into a private
/// folder the caller owns, and, when encrypted, the class keys unlocked with the password.
public final class OpenedBackup {
    public let backup: DeviceBackup
    private let database: Database
    private let classKeys: [UInt32: SecretBytes]
    private let scratch: String

    /// - Parameters:
    ///   - scratch: a private (0700) folder of the caller's, removed by the caller; decrypted bytes go only there.
    ///   - password: asked only when the backup is encrypted; nil when none can be had.
    ///   - progress: told a line to show while the password's key is derived (seconds of CPU), then nil.
    /// - Throws: `BackupError` (in progress, too old, password required or wrong, damaged).
    public init(_ backup: DeviceBackup, scratch: String, password: () throws -> [UInt8]?,
                progress: (String?) -> Void = { _ in }) throws {
        self.backup = backup
        self.scratch = scratch
        try backup.checkFinished()
        let manifestPath = DeviceBackup.join(backup.path, "Manifest.db")
        let copy = DeviceBackup.join(scratch, "Manifest.db")
        if backup.isEncrypted, let keybagBytes = backup.keybag, let manifestKey = backup.manifestKey {
            let keybag = try Keybag(keybagBytes, path: DeviceBackup.join(backup.path, "Manifest.plist"))
            guard var given = try password() else { throw BackupError.passwordRequired(backup.path, device: backup.deviceName) }
            let secret = SecretBytes(given)
            // The array held the password only to hand it over: wipe it now rather than when it is freed.
            _ = given.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
            progress(keybag.progressText(device: backup.deviceName))
            defer { progress(nil) }
            classKeys = try keybag.unlock(password: secret, path: backup.path, device: backup.deviceName)
            guard manifestKey.count == 44 else {
                throw BackupError.damaged(DeviceBackup.join(backup.path, "Manifest.plist"),
                                          detail: "its ManifestKey is \(manifestKey.count) bytes, not 44")
            }
            let key = try Self.unwrap(Array(manifestKey[4...]), protectionClass: Self.littleEndian(manifestKey), keys: classKeys,
                                      what: "the ManifestKey", path: backup.path)
            try Self.decrypt(manifestPath, key: key, into: copy)
        } else {
            classKeys = [:]
            try Self.copy(manifestPath, to: copy)
            // Manifest.db in WAL mode may have its last writes in a -wal beside it; SQLite pairs them by name.
            for suffix in ["-wal", "-shm"] where BackupFile.isRegularFile(manifestPath + suffix) {
                try Self.copy(manifestPath + suffix, to: copy + suffix)
            }
        }
        do {
            // Read-only, but in our own folder: a WAL-mode Manifest.db may make its -shm there.
            database = try Database(path: copy, mode: .readOnly)
            try database.restrictForUntrustedFile()
            let check = try database.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'Files'")
            defer { check.finalize() }
            guard try check.step(), check.int64(0) == 1 else {
                throw BackupError.damaged(manifestPath, detail: "Manifest.db has no Files table")
            }
        } catch let error as BackupError {
            throw error
        } catch {
            throw BackupError.damaged(manifestPath, detail: backup.isEncrypted ? "Manifest.db does not decrypt to a database (\(error))" : "\(error)")
        }
    }

    deinit { database.close() }

    /// The file records at `relativePath` in app and app-group domains (`AppDomain-*`, `AppDomainGroup-*`);
    /// only regular files (flags 1), never folders or links.
    public func appFiles(at relativePath: String) throws -> [FileRecord] {
        try records("""
            SELECT fileID, domain, relativePath, flags, file FROM Files
            WHERE relativePath = ?1 AND flags = 1 AND (domain LIKE 'AppDomain-%' OR domain LIKE 'AppDomainGroup-%')
            ORDER BY domain
            """, [relativePath])
    }

    /// The record of a domain's path, of any kind (a file, a folder or a link), if the backup lists it.
    public func record(domain: String, relativePath: String) throws -> FileRecord? {
        try records("SELECT fileID, domain, relativePath, flags, file FROM Files WHERE domain = ?1 AND relativePath = ?2",
                    [domain, relativePath]).first
    }

    private func records(_ sql: String, _ values: [String]) throws -> [FileRecord] {
        let manifest = DeviceBackup.join(backup.path, "Manifest.db")
        do {
            let statement = try database.prepare(sql)
            defer { statement.finalize() }
            for (index, value) in values.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
            var records: [FileRecord] = []
            while try statement.step() {
                let record = statement.withBlobBytes(4) { Array($0) } ?? []
                records.append(try FileRecord(fileID: statement.text(0) ?? "", domain: statement.text(1) ?? "",
                                              relativePath: statement.text(2) ?? "", flags: statement.int64(3) ?? 0,
                                              record: record, manifest: manifest))
            }
            return records
        } catch let error as BackupError {
            throw error
        } catch {
            throw BackupError.damaged(manifest, detail: "\(error)")
        }
    }

    /// Writes the file's bytes (decrypted when the backup is) to `destination`, a new file in the caller's private folder.
    /// A record of size 0 is an empty file whatever its data file or key: nothing is read or decrypted.
    /// - Parameter limit: the most bytes the file may have, checked against the data file's real size before
    ///   anything is copied (a record may say 100 bytes of a 2 GB file) and again while copying.
    /// - Returns: a warning when the size differs from the record's (live databases sometimes do).
    /// - Throws: `BackupError.missingData` when the data file is not in the backup; `.damaged` for a record
    ///   that is not a file, data that does not decrypt, or data over `limit`.
    @discardableResult
    public func restore(_ record: FileRecord, to destination: String, limit: Int64 = .max) throws -> String? {
        guard record.isFile else {
            throw BackupError.damaged(backup.path, detail: "\(record.domain) \(record.relativePath) is not a file (flags \(record.flags))")
        }
        if record.size == 0 {
            _ = try BackupFile.Output(creating: destination)
            return nil
        }
        let source = DeviceBackup.join(DeviceBackup.join(backup.path, String(record.fileID.prefix(2))), record.fileID)
        guard BackupFile.kind(source) != nil else {
            throw BackupError.missingData(backup.path, file: "\(record.domain) \(record.relativePath) (\(record.fileID.prefix(2))/\(record.fileID))")
        }
        // Ciphertext is the plain text padded to whole 16-byte blocks: at most 16 bytes more.
        let dataLimit = limit > Int64.max - 16 ? Int64.max : limit + 16
        if let size = BackupFile.size(source), size > dataLimit {
            throw BackupError.damaged(source, detail: "\(record.relativePath) is \(size) bytes, more than the \(limit) expected at most")
        }
        let written: Int64
        if backup.isEncrypted {
            guard let wrapped = record.wrappedKey else {
                throw BackupError.damaged(source, detail: "\(record.relativePath) has \(record.size) bytes but no EncryptionKey")
            }
            let key = try Self.unwrap(wrapped, protectionClass: record.protectionClass, keys: classKeys,
                                      what: "the key of \(record.relativePath)", path: backup.path)
            written = try Self.decrypt(source, key: key, into: destination, maximum: dataLimit)
        } else {
            written = try Self.copy(source, to: destination, maximum: dataLimit)
        }
        if record.size >= 0, written != record.size {
            return "\(record.domain) \(record.relativePath): \(written) bytes in the backup, its record says \(record.size)"
        }
        return nil
    }

    /// A small file of the backup (a property list), restored into the private folder and read back; nil when the
    /// backup does not hold it whole.
    public func smallFile(domain: String, relativePath: String, limit: Int = 1 << 20) -> [UInt8]? {
        guard let record = try? record(domain: domain, relativePath: relativePath), record.isFile, record.size <= Int64(limit) else {
            return nil
        }
        let path = DeviceBackup.join(scratch, "small-\(record.fileID)")
        defer { unlink(path) }
        do { _ = try restore(record, to: path, limit: Int64(limit)) } catch { return nil }
        return try? BackupFile.read(path, limit: limit)
    }

    private static func littleEndian(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    private static func unwrap(_ wrapped: [UInt8], protectionClass: UInt32, keys: [UInt32: SecretBytes], what: String,
                               path: String) throws(BackupError) -> SecretBytes {
        guard let classKey = keys[protectionClass] else {
            throw .damaged(path, detail: "\(what) needs protection class \(protectionClass), which the keybag does not unlock")
        }
        do { return try AES.unwrapKey(wrapped, with: classKey) } catch {
            throw .damaged(path, detail: "\(what) does not unwrap: \(error)")
        }
    }

    @discardableResult
    private static func copy(_ source: String, to destination: String, maximum: Int64 = .max) throws(BackupError) -> Int64 {
        let output = try BackupFile.Output(creating: destination)
        return try BackupFile.forEachChunk(source, maximum: maximum) { chunk throws(BackupError) in try output.write(chunk) }
    }

    /// AES-256-CBC with a zero IV, chunk by chunk; the padding is checked at the end.
    @discardableResult
    private static func decrypt(_ source: String, key: SecretBytes, into destination: String, maximum: Int64 = .max) throws(BackupError) -> Int64 {
        let output = try BackupFile.Output(creating: destination)
        let decryptor: AES.CBCDecryptor
        do { decryptor = try AES.CBCDecryptor(key: key) } catch { throw .damaged(source, detail: "\(error)") }
        var plain: [UInt8] = []
        var written: Int64 = 0
        let read = try BackupFile.forEachChunk(source, maximum: maximum) { chunk throws(BackupError) in
            plain.removeAll(keepingCapacity: true)
            decryptor.update(chunk, into: &plain)
            try output.write(plain)
            written += Int64(plain.count)
        }
        guard read % 16 == 0, read > 0 else {
            throw .damaged(source, detail: "\(read) encrypted bytes, not a whole number of AES blocks (a truncated file?)")
        }
        plain.removeAll(keepingCapacity: true)
        do { try decryptor.finish(into: &plain) } catch {
            throw .damaged(source, detail: "it does not decrypt (\(error)); the file is damaged or truncated")
        }
        try output.write(plain)
        return written + Int64(plain.count)
    }
}
