import DeviceBackup
import Foundation
import Platform
import SQLite

/// A ParPair store restored from a device backup into a private 0700 folder, under its original
/// names (`default.store`, `default.store-wal`), so it reads exactly as the store itself. The folder,
/// with the decrypted `Manifest.db`, is removed by `remove()` or `deinit`.
final class RestoredStore {
    let directory: String
    let location: StoreLocation
    let origin: BackupOrigin
    /// Size mismatches between a restored file and its record (live databases sometimes differ).
    let warnings: [String]
    /// The private folder, registered so that it goes however the run ends.
    private let scratch: ScratchFolder

    static let relativePath = "Library/Application Support/" + StoreLocation.defaultFileName

    /// Restores the store the request names, when its path is a device backup or a folder of them; nil otherwise.
    static func restore(_ request: StoreRequest, scratchDirectory: String?) throws -> RestoredStore? {
        let path = request.path
        let backupPath: String
        if DeviceBackup.isBackup(path) {
            backupPath = path
        } else {
            let status = try? FileStatus.of(path)
            guard status?.isDirectory == true, (try? FileStatus.of(POSIXFile.join(path, StoreLocation.defaultFileName))) ?? nil == nil
            else { return nil }
            let found = DeviceBackup.backups(in: path)
            guard !found.isEmpty else { return nil }
            backupPath = try pick(request.device, among: found, folder: path, note: request.note)
        }
        let backup = try DeviceBackup(path: backupPath)
        let scratch = try makeScratchFolder(scratchDirectory)
        do {
            return try RestoredStore(backup: backup, request: request, scratch: scratch)
        } catch {
            scratch.remove()
            throw error
        }
    }

    private init(backup: DeviceBackup, request: StoreRequest, scratch: ScratchFolder) throws {
        let directory = scratch.path
        self.directory = directory
        self.scratch = scratch
        let opened = try OpenedBackup(backup, scratch: directory, password: request.password, progress: request.progress)
        let found = try Candidates(opened, scratch: scratch, app: request.app)
        let parPair = found.parPair
        guard let chosen = parPair.first else {
            throw BackupStoreError.noParPairStore(backup.path, domains: found.others, app: request.app)
        }
        guard parPair.count == 1 else { throw BackupStoreError.severalApps(backup.path, domains: parPair.map(\.record.domain)) }
        location = try StoreLocation(path: POSIXFile.join(chosen.folder, StoreLocation.defaultFileName))
        origin = BackupOrigin(backupPath: backup.path, deviceName: backup.deviceName, udid: backup.udid, date: backup.date,
                              encrypted: backup.isEncrypted, domain: chosen.record.domain, phone: opened.phoneSettings())
        warnings = found.warnings
        if let walWarning = chosen.walWarning { request.warn("\(backup.path): \(walWarning)") }
    }

    deinit { remove() }

    /// A new registered private folder for restored (and maybe decrypted) files.
    private static func makeScratchFolder(_ scratchDirectory: String?) throws -> ScratchFolder {
        let base = scratchDirectory ?? FileManager.default.temporaryDirectory.path
        do {
            return try ScratchFolder(in: base, purpose: "backup")
        } catch let failure as FileError {
            throw StoreError.snapshotFailed(base, reason: failure.reason)
        }
    }

    /// The app and app-group `default.store`s of a backup, each restored with its `-wal` into a folder of
    /// its own inside the scratch folder and sorted into ParPair's and other apps'.
    struct Candidates {
        /// ParPair's stores, each with the warning to give when its `-wal`'s data file is missing.
        var parPair: [(record: FileRecord, folder: String, walWarning: String?)] = []
        /// Domains whose `default.store` is another app's.
        var others: [String] = []
        var warnings: [String] = []

        init(_ opened: OpenedBackup, scratch: ScratchFolder, app: String?) throws {
            for (index, record) in try opened.appFiles(at: RestoredStore.relativePath).enumerated() {
                if let app, app != record.domain, app != BackupOrigin.bundleID(ofDomain: record.domain) { continue }
                let folder: String
                do { folder = try scratch.makeFolder(named: "store-\(index)") } catch let failure as FileError {
                    throw StoreError.snapshotFailed(scratch.path, reason: failure.reason)
                }
                let store = POSIXFile.join(folder, StoreLocation.defaultFileName)
                // A missing data file of the store itself is BackupError.missingData: nothing to read.
                let sizeWarning = try opened.restore(record, to: store)
                if let sizeWarning { warnings.append(sizeWarning) }
                // The app's -shm is not restored: it is an index of the -wal that SQLite rebuilds when it opens the store.
                var walWarning: String?
                if let wal = try opened.appFiles(at: RestoredStore.relativePath + "-wal").first(where: { $0.domain == record.domain }) {
                    do {
                        if let warning = try opened.restore(wal, to: store + "-wal") { warnings.append(warning) }
                    } catch BackupError.missingData(_, let file) {
                        walWarning = "the backup lists \(file) but its data file is missing (a partial backup?): the store is "
                            + "read without it, so the last logs written before the backup may be missing"
                    }
                }
                if RestoredStore.looksLikeParPair(store) {
                    parPair.append((record, folder, walWarning))
                } else if let sizeWarning {
                    // Shorter than its record says and unreadable: a damaged copy, not another app's file.
                    throw BackupError.damaged(opened.backup.path, detail: "the default.store is truncated or damaged (\(sizeWarning))")
                } else {
                    others.append(record.domain)
                }
            }
        }
    }

    /// The domains of a plain backup that hold a ParPair store (restored into a private folder that is
    /// removed before returning); nil for an encrypted backup, whose files cannot be read without its password.
    static func parPairDomains(of backup: DeviceBackup, scratchDirectory: String?) throws -> [String]? {
        guard !backup.isEncrypted else { return nil }
        let scratch = try makeScratchFolder(scratchDirectory)
        defer { scratch.remove() }
        let opened = try OpenedBackup(backup, scratch: scratch.path) { nil }
        return try Candidates(opened, scratch: scratch, app: nil).parPair.map(\.record.domain)
    }

    func remove() {
        scratch.remove()
    }

    /// How messages name the store: inside the backup, by domain and path.
    var displayPath: String { "\(origin.backupPath) (\(origin.domain)/\(Self.relativePath))" }

    /// Whether a restored file has ParPair's tables (other apps use the same file name).
    static func looksLikeParPair(_ file: String) -> Bool {
        guard let database = try? Database(path: file, mode: .readOnly), (try? database.restrictForUntrustedFile()) != nil else {
            return false
        }
        defer { database.close() }
        guard let tables = try? database.tableNames() else { return false }
        let names = Set(tables.map { $0.uppercased() })
        return StoreSchema.requiredEntities.allSatisfy { names.contains($0.table.uppercased()) }
    }

    /// The backup `--device` names among several, or the only device's newest backup (Finder's archives are older
    /// copies of the same device): `--device` matches a UDID, a device name or a backup folder's name.
    static func pick(_ wanted: String?, among paths: [String], folder: String, note: (String) -> Void) throws -> String {
        var backups: [DeviceBackup] = []
        var described: [String] = []
        for path in paths {
            do {
                let backup = try DeviceBackup(path: path)
                backups.append(backup)
            } catch {
                described.append("\(URL(fileURLWithPath: path).lastPathComponent) (\(error))")
            }
        }
        // One entry per device, its backups newest first.
        var devices: [[DeviceBackup]] = []
        for backup in backups {
            if let index = devices.firstIndex(where: { $0[0].udid.caseInsensitiveCompare(backup.udid) == .orderedSame }) {
                devices[index].append(backup)
            } else {
                devices.append([backup])
            }
        }
        devices = devices.map { $0.sorted(by: newerFirst) }
        described = devices.map(describe) + described
        if let wanted {
            if let exact = backups.first(where: { $0.folderName == wanted }) { return exact.path }
            var matches = devices.filter { $0[0].udid.caseInsensitiveCompare(wanted) == .orderedSame }
            if matches.isEmpty { matches = DeviceNameMatch.matches(wanted, among: devices.map { $0[0].deviceName }).map { devices[$0] } }
            if matches.count > 1 { throw BackupStoreError.ambiguousDevice(folder, wanted: wanted, devices: matches.map(describe)) }
            guard matches.count == 1 else { throw BackupStoreError.noSuchDevice(folder, wanted: wanted, devices: described) }
            return newest(of: matches[0], note: note)
        }
        guard devices.count == 1, described.count == 1 else {
            if paths.count == 1 { return paths[0] }
            throw BackupStoreError.severalDevices(folder, devices: described)
        }
        return newest(of: devices[0], note: note)
    }

    private static func newerFirst(_ a: DeviceBackup, _ b: DeviceBackup) -> Bool {
        switch (a.date, b.date) {
        case let (x?, y?) where x != y: x > y
        case (_?, nil): true
        case (nil, _?): false
        // Same date or none: the backup Finder updates before its archives.
        default: !a.isArchive && b.isArchive || (a.isArchive == b.isArchive && a.folderName < b.folderName)
        }
    }

    /// The first (newest) of a device's backups, with a note naming the older ones when there are any.
    private static func newest(of backups: [DeviceBackup], note: (String) -> Void) -> String {
        let chosen = backups[0]
        if backups.count > 1 {
            let older = backups.dropFirst().map { $0.date.map(BackupOrigin.dayText) ?? $0.folderName }
            let list = older.count == 1 ? older[0] : older.dropLast().joined(separator: ", ") + " and " + older.last!
            note("reading the newest backup of \(chosen.deviceName) (\(chosen.date.map(BackupOrigin.utcText) ?? "undated"), "
                + "folder \(chosen.folderName)); also \(older.count) older backup\(older.count == 1 ? "" : "s") of \(chosen.deviceName), "
                + "\(list); pass a backup's folder to read it")
        }
        return chosen.path
    }

    /// `Ana's iPhone, UDID 00008030-…, backed up 2026-11-20 06:30 UTC, encrypted`, with the archived copies a device has.
    static func describe(_ backups: [DeviceBackup]) -> String {
        let backup = backups[0]
        var text = "\(backup.deviceName), UDID \(backup.udid)"
        if let date = backup.date { text += ", backed up " + BackupOrigin.utcText(date) }
        text += backup.isEncrypted ? ", encrypted" : ", not encrypted"
        if backups.count > 1 { text += " (and \(backups.count - 1) older backup\(backups.count == 2 ? "" : "s"))" }
        return text
    }
}
