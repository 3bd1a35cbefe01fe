import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files written all or nothing: every file is first written to a temporary file beside its target and
/// flushed to disk; only when all of them succeeded are they renamed into place. On a failure the
/// temporary files, and any folder this run created, are removed, so nothing partial is left behind.
///
/// A target that already holds exactly the new bytes is left untouched (its time stamp too), so a
/// second run on the same day changes nothing.
public struct DigestFileSet: Sendable {
    public struct Entry: Sendable {
        public var path: String
        public var bytes: [UInt8]
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    public mutating func add(path: String, bytes: [UInt8]) {
        entries.append(Entry(path: path, bytes: bytes))
    }

    /// Writes every entry, or none.
    /// - Throws: `DeliveryError.cannotCreate` when a folder or file cannot be created, `.writeFailed` when writing fails.
    public func write() throws {
        var createdFolders: [String] = []
        var staged: [(temporary: String, target: String)] = []
        do {
            for entry in entries {
                let folder = URL(fileURLWithPath: entry.path).deletingLastPathComponent().path
                try Self.makeFolder(folder, created: &createdFolders)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: entry.path, isDirectory: &isFolder) {
                    if isFolder.boolValue {
                        throw DeliveryError.cannotCreate("cannot write \(entry.path): it is a folder")
                    }
                    if let existing = FileManager.default.contents(atPath: entry.path), existing.elementsEqual(entry.bytes) {
                        continue
                    }
                }
                let temporary = try Self.stage(entry, in: folder)
                staged.append((temporary, entry.path))
            }
        } catch {
            for file in staged { unlink(file.temporary) }
            for folder in createdFolders.reversed() { rmdir(folder) }
            throw error
        }
        for (index, file) in staged.enumerated() where rename(file.temporary, file.target) != 0 {
            let problem = OutputFile.lastError()
            for later in staged[index...] { unlink(later.temporary) }
            throw DeliveryError.cannotCreate("cannot replace \(file.target): \(problem)")
        }
    }

    /// Creates `folder` and any missing parents, remembering each one created (outermost first).
    static func makeFolder(_ folder: String, created: inout [String]) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw DeliveryError.cannotCreate("cannot create the folder \(folder): a file of that name is in the way")
            }
            return
        }
        let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        if parent != folder { try makeFolder(parent, created: &created) }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
            throw DeliveryError.cannotCreate("cannot create the folder \(folder): \(OutputFile.lastError())")
        }
        created.append(folder)
    }

    /// Writes an entry to a new hidden file in `folder` and flushes it to disk; returns its path.
    static func stage(_ entry: Entry, in folder: String) throws -> String {
        let name = URL(fileURLWithPath: entry.path).lastPathComponent
        let temporary = folder + "/." + name + ".partial-" + UUID().uuidString.prefix(8)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw DeliveryError.cannotCreate("cannot create \(entry.path): \(OutputFile.lastError())")
        }
        var closed = false
        do {
            var sink = DescriptorSink(descriptor: descriptor, name: entry.path)
            sink.write(entry.bytes)
            try sink.flush()
            guard fsync(descriptor) == 0 else {
                throw DeliveryError.writeFailed("cannot write \(entry.path): \(OutputFile.lastError())")
            }
            closed = true
            guard close(descriptor) == 0 else {
                throw DeliveryError.writeFailed("cannot write \(entry.path): \(OutputFile.lastError())")
            }
        } catch {
            if !closed { close(descriptor) }
            unlink(temporary)
            throw error
        }
        return temporary
    }
}
