import Foundation

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
        guard status.isDirectory else { throw StoreError.notARegularFile(path) }
        let candidate = StoreLocation.join(path, StoreLocation.defaultFileName)
        let found: POSIXFile.Status?
        do { found = try POSIXFile.status(candidate) } catch let failure as POSIXFile.Failure {
            throw StoreError.unreadable(candidate, reason: failure.reason, permission: failure.isPermission)
        }
        guard let found, found.isRegularFile else {
            throw StoreError.folderWithoutStore(folder: path, otherStores: StoreLocation.otherStores(in: path))
        }
        storeFile = candidate
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `*.store` files in a folder, to suggest when `default.store` is missing.
    static func otherStores(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".store") }.sorted()
    }
}
