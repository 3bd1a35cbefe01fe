import DeviceBackup
import Foundation
import Platform

/// Where a store's files are: the main file and the `-wal` / `-shm` files beside it.
public struct StoreLocation: Sendable, Hashable {
    /// The path as given (a store file or a folder).
    public let requestedPath: String
    /// The main store file: the given file, or `<folder>/default.store`.
    public let storeFile: String

    /// The store file's name: what follows the last slash of its path, which never ends in one (it names a
    /// regular file). Not through `URL`, whose first use is costly for a report that needs only the name.
    public var fileName: String {
        guard let slash = storeFile.utf8.lastIndex(of: UInt8(ascii: "/")) else { return storeFile }
        return String(storeFile[storeFile.utf8.index(after: slash)...])
    }

    /// The write-ahead log beside the store.
    public var walFile: String { storeFile + "-wal" }
    /// The shared-memory index beside the store (never copied, never created by this tool).
    public var shmFile: String { storeFile + "-shm" }

    /// The file name SwiftData gives an unnamed configuration's store.
    public static let defaultFileName = "default.store"

    /// Resolves a path to a store file or to a folder holding `default.store`.
    ///
    /// - Throws: `StoreError.missingPath`, `.folderWithoutStore`, `.notARegularFile`, `.unreadable`.
    public init(path: String) throws {
        requestedPath = path
        let status: FileStatus?
        do { status = try FileStatus.of(path) } catch let failure as FileError {
            throw StoreError.unreadable(path, reason: failure.reason, permission: failure.isPermission)
        }
        guard let status else { throw StoreError.missingPath(path) }
        if status.isRegularFile {
            storeFile = path
            return
        }
        guard status.isDirectory else { throw StoreError.notARegularFile(path, kind: status.kind) }
        let candidate = POSIXFile.join(path, StoreLocation.defaultFileName)
        let found: FileStatus?
        do { found = try FileStatus.of(candidate) } catch let failure as FileError {
            throw StoreError.unreadable(candidate, reason: failure.reason, permission: failure.isPermission)
        }
        guard let found else {
            throw StoreError.folderWithoutStore(folder: path, otherStores: StoreLocation.otherStores(in: path))
        }
        // A default.store that is a FIFO, a device or a folder (or a link to one) is named for what it is.
        guard found.isRegularFile else { throw StoreError.notARegularFile(candidate, kind: found.kind) }
        storeFile = candidate
    }

    /// The store's own files: the store, its write-ahead log, its shared-memory index and a rollback
    /// journal. Nothing this tool writes may take the place of one of them.
    public var ownFiles: [String] { [storeFile, walFile, shmFile, storeFile + "-journal"] }

    /// Whether a write to `path` would land on one of the store's own files: the same file (device and
    /// inode) when both exist, else the same place once every link is followed, the last one included, as
    /// the writer follows them (a dangling link to where `-journal` would be made lands on it).
    /// - Throws: `FileError` when the path's links cannot be followed.
    package func isOwnFile(_ path: String) throws(FileError) -> Bool {
        let target = LandingPath.identity(of: path)
        let landing = try LandingPath.landing(of: path)
        for own in ownFiles {
            if let target, let existing = LandingPath.identity(of: own), target == existing { return true }
            if let ownLanding = try? LandingPath.landing(of: own), ownLanding == landing { return true }
        }
        return false
    }

    /// Whether writing `path` could touch what STORE names: one of the store's own files, or anything
    /// inside the device backup (or folder of backups) that STORE is, judged where the write lands (every
    /// link followed, folders by device and inode too).
    /// - Throws: `FileError` when the path's links cannot be followed (a loop, a planted link).
    public static func protects(_ path: String, storePath: String) throws -> Bool {
        if DeviceBackup.isBackup(storePath) || !DeviceBackup.backups(in: storePath).isEmpty {
            return try LandingPath.landsInside(path, folder: storePath)
        }
        guard let location = try? StoreLocation(path: storePath) else { return false }
        return try location.isOwnFile(path)
    }

    /// `*.store` files in a folder, to suggest when `default.store` is missing.
    static func otherStores(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".store") }.sorted()
    }
}
