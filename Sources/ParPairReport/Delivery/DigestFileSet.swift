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

    /// Writes every entry, or none.
    /// - Throws: `DeliveryError` (`.refused` for a link or folder in the way, `.cannotCreate`, `.writeFailed`).
    public func write() throws {
        var openFolders: [String: FileDescriptor] = [:]
        var created: [(parent: FileDescriptor, name: String)] = []
        defer { for descriptor in openFolders.values { descriptor.closeQuietly() } }
        let staged: [(file: AtomicOutput, name: String)]
        var direct: [(bytes: [UInt8], destination: OutputTarget, name: String)] = []
        do {
            staged = try stageAll(open: &openFolders, created: &created, direct: &direct)
        } catch {
            for folder in created.reversed() { folder.parent.removeEmptyFolder(named: folder.name) }
            throw error
        }
        for (index, item) in staged.enumerated() {
            do { try item.file.commit() } catch {
                for later in staged[index...] { later.file.discard() }
                throw DeliveryError(error, name: item.name)
            }
        }
        for item in direct {
            // A device or FIFO cannot be replaced: it gets the bytes once every file is in place.
            let base = FileManager.default.temporaryDirectory.path
            let scratch = try ScratchFolder(in: base, purpose: "output")
            defer { scratch.remove() }
            let whole = scratch.path + "/output"
            let file = try OutputFile.stage(whole, existing: nil, name: item.name)
            try Self.write(item.bytes, to: file, name: item.name)
            do { try file.commit() } catch { throw DeliveryError(error, name: item.name) }
            try item.destination.send(contentsOf: whole, name: item.name)
        }
    }

    /// Writes every entry that is a file to a partial beside it, flushed to disk, and collects those that go to a
    /// device, FIFO or socket; on a failure every partial is removed.
    private func stageAll(
        open openFolders: inout [String: FileDescriptor], created: inout [(parent: FileDescriptor, name: String)],
        direct: inout [(bytes: [UInt8], destination: OutputTarget, name: String)]
    ) throws -> [(file: AtomicOutput, name: String)] {
        var staged: [(file: AtomicOutput, name: String)] = []
        do {
            for entry in entries {
                if let inside = entry.inside {
                    let folder = try Self.openFolder(inside.folder, components: inside.components.dropLast(), display: entry.path,
                                                     open: &openFolders, created: &created)
                    if let file = try Self.stage(entry, name: inside.components.last ?? "", in: folder) { staged.append((file, entry.path)) }
                    continue
                }
                let destination = try OutputTarget.resolve(output: entry.path)
                guard case .file(let target, let existing) = destination else {
                    direct.append((entry.bytes, destination, entry.path))
                    continue
                }
                if existing != nil, let old = FileManager.default.contents(atPath: target), old.elementsEqual(entry.bytes) { continue }
                let file = try OutputFile.stage(target, existing: existing, name: entry.path)
                staged.append((file, entry.path))
                try Self.write(entry.bytes, to: file, name: entry.path)
            }
        } catch {
            for item in staged { item.file.discard() }
            throw error
        }
        return staged
    }

    /// Opens (creating as needed) `root` and then each component below it without following links.
    private static func openFolder(
        _ root: String, components: ArraySlice<String>, display: String, open folders: inout [String: FileDescriptor],
        created: inout [(parent: FileDescriptor, name: String)]
    ) throws(DeliveryError) -> FileDescriptor {
        var key = root
        var current: FileDescriptor
        if let known = folders[key] {
            current = known
        } else {
            try makeFolders(root)
            do { current = try FileDescriptor.open(root, O_RDONLY | O_DIRECTORY) } catch {
                throw .cannotCreate("cannot open the folder \(root): \(error.reason)")
            }
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
            if try makeFolder(component, in: current, key: key, root: root) { created.append((current, component)) }
            let next: FileDescriptor
            do { next = try FileDescriptor.open(component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW, in: current, shownAs: key) } catch {
                if error.code == ELOOP {
                    throw .refused("\(key) is a symbolic link; digest files are written only inside \(root), never through a link")
                }
                throw .cannotCreate("cannot open the folder \(key): \(error.reason)")
            }
            folders[key] = next
            current = next
        }
        return current
    }

    /// Makes the folder `name` in `folder` unless it is there; whether it made it. A link or a file in the way is
    /// an error.
    private static func makeFolder(_ name: String, in folder: FileDescriptor, key: String, root: String) throws(DeliveryError) -> Bool {
        do {
            if try folder.makeFolder(named: name, shownAs: key) { return true }
        } catch {
            throw .cannotCreate("cannot create the folder \(key): \(error.reason)")
        }
        if let info = folder.status(of: name) {
            if info.st_mode & S_IFMT == S_IFLNK {
                throw .refused("\(key) is a symbolic link; digest files are written only inside \(root), never through a link")
            }
            if info.st_mode & S_IFMT != S_IFDIR {
                throw .cannotCreate("cannot create the folder \(key): a file of that name is in the way")
            }
        }
        return false
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
    private static func stage(_ entry: Entry, name: String, in folder: FileDescriptor) throws(DeliveryError) -> AtomicOutput? {
        var existing: AtomicOutput.Existing?
        if let info = folder.status(of: name) {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                existing = AtomicOutput.Existing(info)
                if contents(of: name, in: folder, size: Int(info.st_size)) == entry.bytes { return nil }
            case S_IFLNK:
                throw .refused("\(entry.path) is a symbolic link; digest files are never written through one")
            default:
                throw .refused("\(entry.path) is in the way: it is not a regular file")
            }
        }
        let file: AtomicOutput
        do { file = try AtomicOutput(replacing: name, in: folder, target: entry.path, existing: existing) } catch {
            throw DeliveryError(error, name: entry.path)
        }
        try write(entry.bytes, to: file, name: entry.path)
        return file
    }

    /// Writes `bytes` to a staged file and waits until they are on disk; on a failure the file is removed.
    static func write(_ bytes: [UInt8], to file: AtomicOutput, name: String) throws(DeliveryError) {
        do {
            try file.descriptor.writeAll(bytes)
            try file.sync()
        } catch {
            file.discard()
            throw DeliveryError(error, name: name)
        }
    }

    /// The bytes of a regular file in an opened folder (read without following links), or nil.
    private static func contents(of name: String, in folder: FileDescriptor, size: Int) -> [UInt8]? {
        guard let descriptor = try? FileDescriptor.open(name, O_RDONLY | O_NOFOLLOW, in: folder) else { return nil }
        defer { descriptor.closeQuietly() }
        return (try? descriptor.read(exactly: size)) ?? nil
    }
}
