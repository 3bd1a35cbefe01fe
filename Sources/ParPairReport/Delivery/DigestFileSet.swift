import Foundation
import ParPairStore
import Platform
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
/// Files under the `--out` folder are opened relative to it, folder by folder, never following a link
/// (`openat` with `O_NOFOLLOW`): whoever can write to the digest folder cannot make a root cron job
/// write elsewhere. A link in the way is an error that names it. Other files (the `--eml`) follow
/// `OutputFile`'s rules.
///
/// A target that already holds exactly the new bytes is left untouched (its time stamp too), so a
/// second run on the same day changes nothing.
public struct DigestFileSet: Sendable {
    public struct Entry: Sendable {
        /// How messages name the file (the folder joined with the relative path, or the path as given).
        public var path: String
        /// The folder the file is inside, and its path below it; nil for a file named by its own path.
        var inside: (folder: String, components: [String])?
        public var bytes: [UInt8]
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    /// A file at `relativePath` (`leo-37f3d1fd/week-020.md`) inside `folder`.
    public mutating func add(relativePath: String, inside folder: String, bytes: [UInt8]) {
        let path = POSIXFile.join(folder, relativePath)
        entries.append(Entry(path: path, inside: (folder, relativePath.split(separator: "/").map(String.init)), bytes: bytes))
    }

    /// A file named by its own path (links followed, as for `--output`).
    public mutating func add(path: String, bytes: [UInt8]) {
        entries.append(Entry(path: path, inside: nil, bytes: bytes))
    }

    /// Whether every file inside the folder (but those ending in `.extension`) is there already with exactly its new
    /// bytes: the run writes nothing new. False without such files.
    public func holdsWhatIsThere(ignoringExtension ignored: String) -> Bool {
        let files = entries.filter { $0.inside != nil && !$0.path.hasSuffix("." + ignored) }
        return !files.isEmpty && files.allSatisfy { FileManager.default.contents(atPath: $0.path).map(Array.init) == $0.bytes }
    }

    /// A file staged in a folder opened by descriptor, renamed into place on commit.
    private struct StagedInside {
        var folder: Int32
        var temporary: String
        var name: String
        var path: String
        var token: Int
        /// Open (and so locked, see PartialFile) until the rename; then closed.
        var descriptor: Int32
        var existing: Destination.Existing?
    }

    /// Writes every entry, or none.
    /// - Throws: `DeliveryError` (`.refused` for a link or folder in the way, `.cannotCreate`, `.writeFailed`).
    public func write() throws {
        var openFolders: [String: Int32] = [:]
        var created: [(parent: Int32, name: String)] = []
        var staged: [StagedInside] = []
        var stagedFiles: [(StagedFile, name: String)] = []
        var direct: [(bytes: [UInt8], destination: Destination, name: String)] = []
        defer { for descriptor in openFolders.values { _ = closeDescriptor(descriptor) } }
        do {
            for entry in entries {
                if let inside = entry.inside {
                    let folder = try Self.openFolder(inside.folder, components: inside.components.dropLast(), display: entry.path,
                                                     open: &openFolders, created: &created)
                    if let file = try Self.stage(entry, name: inside.components.last ?? "", in: folder) { staged.append(file) }
                    continue
                }
                let destination = try Destination.resolve(entry.path)
                guard case .file(let target, let existing) = destination else {
                    direct.append((entry.bytes, destination, entry.path))
                    continue
                }
                if existing != nil, let old = FileManager.default.contents(atPath: target), old.elementsEqual(entry.bytes) { continue }
                let file = try StagedFile(replacing: target, existing: existing, name: entry.path)
                stagedFiles.append((file, entry.path))
                do {
                    try Self.writeAll(entry.bytes, to: file.descriptor, name: entry.path)
                    try file.close(name: entry.path)
                } catch {
                    file.discard()
                    stagedFiles.removeLast()
                    throw error
                }
            }
        } catch {
            for file in staged { Self.discard(file) }
            for (file, _) in stagedFiles { file.discard() }
            for folder in created.reversed() { _ = unlinkat(folder.parent, folder.name, AT_REMOVEDIR) }
            throw error
        }
        for (index, file) in staged.enumerated() {
            Destination.takeOver(file.existing, descriptor: file.descriptor)
            guard renameat(file.folder, file.temporary, file.folder, file.name) != 0 else {
                _ = closeDescriptor(file.descriptor)
                continue
            }
            let problem = Destination.errorText(errno)
            for later in staged[index...] { Self.discard(later) }
            for (file, _) in stagedFiles { file.discard() }
            throw DeliveryError.cannotCreate("cannot replace \(file.path): \(problem)")
        }
        for file in staged { ScratchRegistry.unregister(file.token) }
        for (file, name) in stagedFiles { try file.commit(name: name) }
        for item in direct {
            // A device or FIFO cannot be replaced: it gets the bytes once every file is in place.
            let base = FileManager.default.temporaryDirectory.path
            let scratch = try ScratchFolder(in: base, purpose: "output")
            defer { scratch.remove() }
            let whole = scratch.path + "/output"
            let file = try StagedFile(replacing: whole, existing: nil, name: item.name)
            try Self.writeAll(item.bytes, to: file.descriptor, name: item.name)
            try file.close(name: item.name)
            try file.commit(name: item.name)
            try DirectDelivery.send(contentsOf: whole, to: item.destination, name: item.name)
        }
    }

    /// Opens (creating as needed) `root` and then each component below it without following links.
    private static func openFolder(
        _ root: String, components: ArraySlice<String>, display: String, open folders: inout [String: Int32],
        created: inout [(parent: Int32, name: String)]
    ) throws(DeliveryError) -> Int32 {
        var key = root
        var current: Int32
        if let known = folders[key] {
            current = known
        } else {
            try makeFolders(root)
            current = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard current >= 0 else { throw .cannotCreate("cannot open the folder \(root): \(Destination.errorText(errno))") }
            folders[key] = current
        }
        for component in components {
            key += "/" + component
            if let known = folders[key] {
                current = known
                continue
            }
            guard component != "..", component != ".", !component.isEmpty else {
                throw .refused("\(display): a digest path may not leave its folder")
            }
            if mkdirat(current, component, 0o755) == 0 {
                created.append((current, component))
            } else if errno != EEXIST {
                throw .cannotCreate("cannot create the folder \(key): \(Destination.errorText(errno))")
            } else {
                var info = stat()
                if fstatat(current, component, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                    if info.st_mode & S_IFMT == S_IFLNK {
                        throw .refused("\(key) is a symbolic link; digest files are written only inside \(root), never through a link")
                    }
                    if info.st_mode & S_IFMT != S_IFDIR {
                        throw .cannotCreate("cannot create the folder \(key): a file of that name is in the way")
                    }
                }
            }
            let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                let code = errno
                if code == ELOOP {
                    throw .refused("\(key) is a symbolic link; digest files are written only inside \(root), never through a link")
                }
                throw .cannotCreate("cannot open the folder \(key): \(Destination.errorText(code))")
            }
            folders[key] = next
            current = next
        }
        return current
    }

    /// `mkdir -p` for the `--out` folder itself (links on the way to it are the user's choice).
    private static func makeFolders(_ path: String) throws(DeliveryError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .cannotCreate("cannot create the folder \(path): a file of that name is in the way") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate("cannot create the folder \(path): \(error.localizedDescription)")
        }
    }

    /// Stages one file in an opened folder; nil when the target already holds the same bytes.
    private static func stage(_ entry: Entry, name: String, in folder: Int32) throws(DeliveryError) -> StagedInside? {
        var info = stat()
        var existing: Destination.Existing?
        if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                existing = Destination.Existing(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
                if contents(of: name, in: folder, size: Int(info.st_size)) == entry.bytes { return nil }
            case S_IFLNK:
                throw .refused("\(entry.path) is a symbolic link; digest files are never written through one")
            default:
                throw .refused("\(entry.path) is in the way: it is not a regular file")
            }
        }
        PartialFile.sweep(folder: (entry.path as NSString).deletingLastPathComponent)
        let temporary = PartialFile.name(for: name)
        let display = (entry.path as NSString).deletingLastPathComponent + "/" + temporary
        guard let (descriptor, token) = ScratchRegistry.register(display, creating: { PartialFile.create(temporary, in: folder) }) else {
            throw .cannotCreate("cannot create \(entry.path): \(Destination.errorText(errno))")
        }
        let file = StagedInside(folder: folder, temporary: temporary, name: name, path: entry.path, token: token,
                                descriptor: descriptor, existing: existing)
        do {
            try writeAll(entry.bytes, to: descriptor, name: entry.path)
            guard fsync(descriptor) == 0 else { throw DeliveryError.writeFailed("cannot write \(entry.path): \(Destination.errorText(errno))") }
        } catch let error as DeliveryError {
            discard(file)
            throw error
        } catch {
            discard(file)
            throw .writeFailed("cannot write \(entry.path): \(error)")
        }
        return file
    }

    private static func discard(_ file: StagedInside) {
        _ = unlinkat(file.folder, file.temporary, 0)
        _ = closeDescriptor(file.descriptor)
        ScratchRegistry.unregister(file.token)
    }

    /// The bytes of a regular file in an opened folder (read without following links), or nil.
    private static func contents(of name: String, in folder: Int32, size: Int) -> [UInt8]? {
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { _ = closeDescriptor(descriptor) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, size - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        return bytes
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(DeliveryError) {
        var sink = DescriptorSink(descriptor: descriptor, name: name)
        sink.write(bytes)
        do { try sink.flush() } catch let error as DeliveryError { throw error } catch { throw .writeFailed("\(error)") }
    }
}

/// `close(2)`, named apart from the methods that shadow it.
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
