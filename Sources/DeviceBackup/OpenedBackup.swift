import AESCrypto
import Foundation
import SQLite

/// A device backup opened for reading files: its `Manifest.db` copied (or decrypted) into a private
/// folder the caller owns, and, when encrypted, the class keys unlocked with the password.
public final class OpenedBackup {
    public let backup: DeviceBackup
    private let database: Database
    private let classKeys: [UInt32: SecretBytes]

    /// - Parameters:
    ///   - scratch: a private (0700) folder of the caller's, removed by the caller; decrypted bytes go only there.
    ///   - password: asked only when the backup is encrypted; nil when none can be had.
    /// - Throws: `BackupError` (in progress, password required or wrong, damaged).
    public init(_ backup: DeviceBackup, scratch: String, password: () throws -> [UInt8]?) throws {
        self.backup = backup
        try backup.checkFinished()
        let manifestPath = DeviceBackup.join(backup.path, "Manifest.db")
        let copy = DeviceBackup.join(scratch, "Manifest.db")
        if backup.isEncrypted, let keybagBytes = backup.keybag {
            let keybag = try Keybag(keybagBytes, path: DeviceBackup.join(backup.path, "Manifest.plist"))
            guard var given = try password() else { throw BackupError.passwordRequired(backup.path, device: backup.deviceName) }
            let secret = SecretBytes(given)
            // The array held the password only to hand it over: wipe it now rather than when it is freed.
            _ = given.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
            classKeys = try keybag.unlock(password: secret, path: backup.path, device: backup.deviceName)
            guard let manifestKey = backup.manifestKey, manifestKey.count == 44 else {
                throw BackupError.damaged(DeviceBackup.join(backup.path, "Manifest.plist"), detail: "no usable ManifestKey")
            }
            let key = try Self.unwrap(Array(manifestKey[4...]), protectionClass: Self.littleEndian(manifestKey), keys: classKeys,
                                      what: "the ManifestKey", path: backup.path)
            try Self.decrypt(manifestPath, key: key, into: copy, expectedSize: nil)
        } else {
            classKeys = [:]
            let output = try BackupFile.Output(creating: copy)
            _ = try BackupFile.forEachChunk(manifestPath) { chunk throws(BackupError) in try output.write(chunk) }
        }
        do {
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

    /// The file records at `relativePath` in app and app-group domains (`AppDomain-*`, `AppDomainGroup-*`).
    public func appFiles(at relativePath: String) throws -> [FileRecord] {
        let manifest = DeviceBackup.join(backup.path, "Manifest.db")
        do {
            let statement = try database.prepare("""
                SELECT fileID, domain, relativePath, file FROM Files
                WHERE relativePath = ?1 AND flags = 1 AND (domain LIKE 'AppDomain-%' OR domain LIKE 'AppDomainGroup-%')
                ORDER BY domain
                """)
            defer { statement.finalize() }
            try statement.bind(relativePath, at: 1)
            var records: [FileRecord] = []
            while try statement.step() {
                let record = statement.withBlobBytes(3) { Array($0) } ?? []
                records.append(try FileRecord(fileID: statement.text(0) ?? "", domain: statement.text(1) ?? "",
                                              relativePath: statement.text(2) ?? "", record: record, manifest: manifest))
            }
            return records
        } catch let error as BackupError {
            throw error
        } catch {
            throw BackupError.damaged(manifest, detail: "\(error)")
        }
    }

    /// The record of one file of a domain, if the backup holds it.
    public func file(domain: String, relativePath: String) throws -> FileRecord? {
        try appFiles(at: relativePath).first { $0.domain == domain }
    }

    /// Writes the file's bytes (decrypted when the backup is) to `destination`, a new file in the caller's private folder.
    /// - Returns: a warning when the size differs from the record's (live databases sometimes do).
    @discardableResult
    public func restore(_ record: FileRecord, to destination: String) throws -> String? {
        let source = DeviceBackup.join(DeviceBackup.join(backup.path, String(record.fileID.prefix(2))), record.fileID)
        let written: Int64
        if backup.isEncrypted {
            guard let wrapped = record.wrappedKey else {
                // An empty file has no key and no bytes.
                _ = try BackupFile.Output(creating: destination)
                written = 0
                return written == record.size || record.size < 0 ? nil : "\(record.relativePath): \(written) bytes, the record says \(record.size)"
            }
            let key = try Self.unwrap(wrapped, protectionClass: record.protectionClass, keys: classKeys,
                                      what: "the key of \(record.relativePath)", path: backup.path)
            written = try Self.decrypt(source, key: key, into: destination, expectedSize: record.size)
        } else {
            let output = try BackupFile.Output(creating: destination)
            written = try BackupFile.forEachChunk(source) { chunk throws(BackupError) in try output.write(chunk) }
        }
        if record.size >= 0, written != record.size {
            return "\(record.domain) \(record.relativePath): \(written) bytes in the backup, its record says \(record.size)"
        }
        return nil
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

    /// AES-256-CBC with a zero IV, chunk by chunk; the padding is checked at the end.
    @discardableResult
    private static func decrypt(_ source: String, key: SecretBytes, into destination: String, expectedSize: Int64?) throws(BackupError) -> Int64 {
        let output = try BackupFile.Output(creating: destination)
        let decryptor: AES.CBCDecryptor
        do { decryptor = try AES.CBCDecryptor(key: key) } catch { throw .damaged(source, detail: "\(error)") }
        var plain: [UInt8] = []
        var written: Int64 = 0
        let read = try BackupFile.forEachChunk(source) { chunk throws(BackupError) in
            plain.removeAll(keepingCapacity: true)
            do { try decryptor.update(chunk, into: &plain) } catch { throw .damaged(source, detail: "\(error)") }
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
