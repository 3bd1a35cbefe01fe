import DeviceBackup
import Foundation
import Platform

/// Where a store's files are: the main file and the `-wal` / `-shm` files beside it.
public struct StoreLocation: Sendable, Hashable {
    /// The path as given (a store file or a folder).
    public let requestedPath: String
    /// The main store file: the given file, or `<folder>/default.store`.
    public let storeFile: String

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
        let status: POSIXFile.Status?
        do { status = try POSIXFile.status(path) } catch let failure as POSIXFile.Failure {
            throw StoreError.unreadable(path, reason: failure.reason, permission: failure.isPermission)
        }
        guard let status else { throw StoreError.missingPath(path) }
        if status.isRegularFile {
            storeFile = path
            return
        }
        guard status.isDirectory else { throw StoreError.notARegularFile(path, kind: status.kind) }
        let candidate = StoreLocation.join(path, StoreLocation.defaultFileName)
        let found: POSIXFile.Status?
        do { found = try POSIXFile.status(candidate) } catch let failure as POSIXFile.Failure {
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

    /// Whether `path` names one of the store's own files, however it is spelled: the same file
    /// (device and inode) when both exist, else the same path once the folders' links are resolved.
    public func isOwnFile(_ path: String) -> Bool {
        let target = try? POSIXFile.status(path)
        let canonicalTarget = StoreLocation.canonical(path)
        return ownFiles.contains { own in
            if let target, let existing = try? POSIXFile.status(own) {
                return target.device == existing.device && target.inode == existing.inode
            }
            return StoreLocation.canonical(own) == canonicalTarget
        }
    }

    /// Whether writing `path` could touch what STORE names: one of the store's own files, or anything
    /// inside the device backup (or folder of backups) that STORE is.
    public static func protects(_ path: String, storePath: String) -> Bool {
        if DeviceBackup.isBackup(storePath) || !DeviceBackup.backups(in: storePath).isEmpty {
            // The folder itself resolved (links included): canonical() resolves the folder of a name inside it.
            let folder = URL(fileURLWithPath: canonical(join(storePath, "entry"))).deletingLastPathComponent().path
            let target = canonical(path)
            return target == folder || target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }
        guard let location = try? StoreLocation(path: storePath) else { return false }
        return location.isOwnFile(path)
    }

    /// An absolute path with the folder's symbolic links and `.`/`..` resolved (the file itself
    /// need not exist).
    static func canonical(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().path
        let resolved = folder.withCString { realpath($0, nil) }
        defer { free(resolved) }
        let base = resolved.map { String(cString: $0) } ?? folder
        return join(base, url.lastPathComponent)
    }

    package static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `*.store` files in a folder, to suggest when `default.store` is missing.
    static func otherStores(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".store") }.sorted()
    }
}
