import Foundation
import Platform

/// A private, consistent copy of a store: `default.store` and `default.store-wal` (never `-shm`)
/// copied into a new 0700 temporary folder, which is deleted by `remove()` or `deinit`.
///
/// The user's files are only ever opened for reading with plain `open(2)`; SQLite never sees them,
/// so nothing is created, locked, checkpointed or changed beside the store, even in a read-only
/// folder without `-shm`.
///
/// A writer (the app) may be running. The main file is copied first, then the WAL; the copy is
/// accepted when no WAL restart happened meanwhile (same WAL file, same header with its salts, not
/// shorter), or, without a usable WAL, when nothing changed at all (see `Fingerprint.isStable`).
/// Frames appended to the WAL during the copy are harmless: SQLite ignores a trailing frame whose
/// checksum does not verify and uses committed transactions only. Otherwise the copy is retried.
final class StoreSnapshot {
    let location: StoreLocation
    /// The private folder holding the copy.
    let directory: String
    /// The copied main file; open it with `mode=ro`.
    let storeFile: String
    /// The checked header of the copy.
    let header: DatabaseHeader
    /// The WAL as copied, or nil when the store had none.
    let wal: WALInspection?
    /// True when a `-shm` file sat beside the store (it is not copied).
    let shmPresent: Bool
    /// Copies made before a stable one was taken (0 when the first copy was stable).
    let retries: Int
    /// The private folder, registered so that it goes however the run ends.
    private let scratch: ScratchFolder

    static let maximumAttempts = 10

    /// Copies the store into a new private folder.
    ///
    /// - Parameter scratchDirectory: where to make the private folder (default: the temporary directory).
    /// - Throws: `StoreError` for a missing, unreadable, empty, foreign or truncated file, a failed
    ///   copy, or a store that kept changing.
    init(copying location: StoreLocation, scratchDirectory: String? = nil) throws {
        self.location = location
        let base = scratchDirectory ?? FileManager.default.temporaryDirectory.path
        do {
            scratch = try ScratchFolder(in: base, purpose: "snapshot")
        } catch let failure as FileError {
            throw StoreError.snapshotFailed(base, reason: failure.reason)
        }
        directory = scratch.path
        let storeFile = POSIXFile.join(directory, StoreLocation.defaultFileName)
        self.storeFile = storeFile
        do {
            var attempt = 0
            while true {
                attempt += 1
                if let copy = try StoreSnapshot.copyOnce(location, into: storeFile) {
                    let wal = copy.walSize.map { WALInspection.inspect(path: storeFile + "-wal", size: $0) }
                    header = try DatabaseHeader(bytes: copy.header, fileSize: copy.size, path: location.storeFile,
                                                checkSize: (wal?.frames ?? 0) == 0)
                    self.wal = wal
                    shmPresent = (try? FileStatus.of(location.shmFile)) != nil
                    retries = attempt - 1
                    break
                }
                guard attempt < StoreSnapshot.maximumAttempts else {
                    throw StoreError.changedDuringCopy(location.storeFile, attempts: attempt)
                }
                Thread.sleep(forTimeInterval: 0.01 * Double(attempt))
            }
        } catch {
            scratch.remove()
            throw error
        }
    }

    deinit {
        remove()
    }

    /// Deletes the private folder and everything SQLite made in it.
    func remove() {
        scratch.remove()
    }

    /// The state of the source files before and after copying.
    private struct Fingerprint {
        var main: FileStatus?
        var mainHeader: [UInt8]
        var wal: FileStatus?
        var walHeader: [UInt8]

        /// True when the main file says journal_mode=wal.
        var isWALMode: Bool { mainHeader.count >= 20 && mainHeader[18] == 2 && mainHeader[19] == 2 }

        /// Whether a copy made between `before` and `after` is a consistent snapshot.
        ///
        /// In WAL mode the main file may change (a checkpoint copies pages from the WAL into it):
        /// every page a checkpoint writes is also in the WAL, which is only appended to until it
        /// restarts, and the WAL is copied after the main file, so the copy's WAL covers those pages.
        /// A restart rewrites the WAL header (new salts), so an unchanged header, the same file and a
        /// size that did not shrink mean no restart. Without a usable WAL (none, empty, or not WAL
        /// mode) nothing may change at all.
        static func isStable(_ before: Fingerprint, _ after: Fingerprint) -> Bool {
            guard let mainBefore = before.main, let mainAfter = after.main,
                  mainBefore.inode == mainAfter.inode, mainBefore.device == mainAfter.device else { return false }
            if before.isWALMode, after.isWALMode, let walBefore = before.wal, let walAfter = after.wal,
               walBefore.inode == walAfter.inode, before.walHeader.count == 32, before.walHeader == after.walHeader,
               walAfter.size >= walBefore.size {
                return true
            }
            return mainBefore == mainAfter && before.mainHeader == after.mainHeader
                && (before.wal == nil) == (after.wal == nil) && before.walHeader == after.walHeader
                && before.wal?.size == after.wal?.size
        }
    }

    private struct Copy {
        var header: [UInt8]
        var size: Int64
        var walSize: Int64?
    }

    private static func fingerprint(_ location: StoreLocation) throws -> Fingerprint {
        do {
            guard let main = try FileStatus.of(location.storeFile) else {
                throw StoreError.missingPath(location.storeFile)
            }
            let wal = try FileStatus.of(location.walFile)
            // Only a regular -wal is opened: a named pipe would block open(2) forever, and a device
            // such as /dev/zero would be copied until the disk is full.
            if let wal, !wal.isRegularFile { throw StoreError.notARegularFile(location.walFile, kind: wal.kind) }
            let mainHeader = try ReadOnlyFile.prefix(of: location.storeFile, count: 100)
            var walHeader: [UInt8] = []
            if wal != nil {
                do { walHeader = try ReadOnlyFile.prefix(of: location.walFile, count: 32) } catch let failure as FileError
                    where failure.isMissing {
                    walHeader = []  // vanished between stat and open: the fingerprints will differ
                }
            }
            return Fingerprint(main: main, mainHeader: mainHeader, wal: wal, walHeader: walHeader)
        } catch let failure as FileError {
            throw StoreError.unreadable(failure.path, reason: failure.reason, permission: failure.isPermission)
        }
    }

    /// One attempt: nil when the source changed under the copy.
    private static func copyOnce(_ location: StoreLocation, into storeFile: String) throws -> Copy? {
        let walCopy = storeFile + "-wal"
        // What an earlier attempt copied into the private folder.
        for copy in [storeFile, walCopy] { try? FileManager.default.removeItem(atPath: copy) }
        let before = try fingerprint(location)
        guard let main = before.main, main.isRegularFile else {
            throw StoreError.notARegularFile(location.storeFile, kind: before.main?.kind ?? "special file")
        }
        let size = try copy(location.storeFile, to: storeFile, location: location)
        var walSize: Int64?
        if before.wal != nil {
            walSize = try copy(location.walFile, to: walCopy, location: location)
            if walSize == nil { return nil }
        }
        guard let size else { return nil }
        let after = try fingerprint(location)
        guard Fingerprint.isStable(before, after) else { return nil }
        let header = (try? ReadOnlyFile.prefix(of: storeFile, count: 100)) ?? []
        return Copy(header: header, size: size, walSize: walSize)
    }

    /// Copies one file; nil when the source vanished meanwhile (the attempt is retried).
    private static func copy(_ source: String, to destination: String, location: StoreLocation) throws -> Int64? {
        do {
            return try FileCopy.copy(from: source, to: destination)
        } catch let failure where failure.path == source {
            if failure.isMissing { return nil }
            throw StoreError.unreadable(source, reason: failure.reason, permission: failure.isPermission)
        } catch let failure {
            throw StoreError.snapshotFailed(location.storeFile, reason: "\(failure.path): \(failure.reason)")
        }
    }
}
