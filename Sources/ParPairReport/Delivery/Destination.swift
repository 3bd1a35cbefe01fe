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

/// What an output path names once its links are followed, and so how it is written:
/// - a regular file (or none yet) is replaced atomically and keeps its mode, owner and group;
/// - a character device, FIFO or socket is never replaced: the whole output, checked, is written to it;
/// - `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` are written to that descriptor;
/// - a folder or a block device is refused.
/// The link itself is never replaced.
enum Destination {
    /// The owner and permissions a replaced file keeps.
    struct Existing {
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
    }

    case file(path: String, existing: Existing?)
    case device(path: String, kind: String)
    case socket(path: String)
    case descriptor(Int32, name: String)

    /// Follows the path's links as ``LandingPath/followLinks(_:stop:)`` does (the same walk the protection
    /// check judges), stopping at a link to a standard descriptor.
    static func resolve(_ path: String) throws(DeliveryError) -> Destination {
        if let descriptor = standardDescriptor(path) { return .descriptor(descriptor, name: path) }
        let end: LandingPath.End
        do { end = try LandingPath.followLinks(path, stop: { standardDescriptor($0) != nil }) } catch {
            throw DeliveryError(error, label: path, path: path)
        }
        if let target = end.stoppedAt, let descriptor = standardDescriptor(target) { return .descriptor(descriptor, name: path) }
        let current = end.path
        guard let info = end.status else {
            // Nothing there yet (or a link to nothing): a new file at the end of the links.
            let folder = (current as NSString).deletingLastPathComponent
            var folderInfo = stat()
            guard stat(folder.isEmpty ? "/" : folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
                throw .cannotCreate("cannot write \(path): the folder \(folder) does not exist")
            }
            return .file(path: current, existing: nil)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .file(path: current, existing: Existing(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid))
        case S_IFDIR:
            throw .refused("\(path) is a folder; give a file name")
        case S_IFCHR:
            return .device(path: current, kind: "character device")
        case S_IFIFO:
            return .device(path: current, kind: "named pipe")
        case S_IFSOCK:
            return .socket(path: current)
        default:
            throw .refused("\(path) is a block device; an output is never written over a disk")
        }
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: that descriptor.
    private static func standardDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Gives a new file the mode of the file it replaces (and, as root, its owner and group), or for a new
    /// file 0644 less the umask.
    static func takeOver(_ existing: Existing?, descriptor: Int32) {
        if let existing {
            if geteuid() == 0 { _ = fchown(descriptor, existing.owner, existing.group) }
            fchmod(descriptor, existing.mode)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o644 & ~mask)
        }
    }
}

/// A file being written beside its target, registered so that a signal removes it, renamed over the
/// target by `commit()` with the target's mode, owner and group.
final class StagedFile {
    let temporary: String
    let target: String
    let descriptor: Int32
    private let token: Int
    private var finished = false

    private let existing: Destination.Existing?

    /// - Parameter existing: the file being replaced, whose mode (and, as root, owner) the new one keeps.
    init(replacing target: String, existing: Destination.Existing?, name: String) throws(DeliveryError) {
        let folder = (target as NSString).deletingLastPathComponent
        PartialFile.sweep(folder: folder)
        temporary = (folder.isEmpty ? "." : folder) + "/" + PartialFile.name(for: (target as NSString).lastPathComponent)
        self.target = target
        self.existing = existing
        // 0600 and locked while partial (see PartialFile); the final mode is set just before the rename.
        guard let (descriptor, token) = ScratchRegistry.register(temporary, creating: { [temporary] in PartialFile.create(temporary) }) else {
            throw .cannotCreate("cannot create \(name): \(Destination.errorText(errno))")
        }
        self.descriptor = descriptor
        self.token = token
    }

    /// Flushes to disk; the file is complete but not yet in place (and still locked, so no other run
    /// takes it for a dead run's partial while it is checked).
    func close(name: String) throws(DeliveryError) {
        guard fsync(descriptor) == 0 else { throw .writeFailed("cannot write \(name): \(Destination.errorText(errno))") }
    }

    /// Gives the finished file its final mode, renames it over its target and lets go of it.
    func commit(name: String) throws(DeliveryError) {
        Destination.takeOver(existing, descriptor: descriptor)
        guard rename(temporary, target) == 0 else { throw .cannotCreate("cannot replace \(name): \(Destination.errorText(errno))") }
        ScratchRegistry.unregister(token)
        finished = true
        guard closeDescriptor(descriptor) == 0 else { throw .writeFailed("cannot write \(name): \(Destination.errorText(errno))") }
    }

    /// Removes the file (after a failure).
    func discard() {
        if !finished { _ = closeDescriptor(descriptor) }
        finished = true
        ScratchRegistry.remove(token)
    }
}

/// Writes a finished output to a device, FIFO, socket or descriptor: those cannot be replaced, so they
/// get bytes only once the whole output is made and checked.
enum DirectDelivery {
    static func send(contentsOf file: String, to destination: Destination, name: String) throws(DeliveryError) {
        let output: Int32
        var close = true
        switch destination {
        case .descriptor(let descriptor, _):
            output = descriptor
            close = false
        case .device(let path, _):
            output = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard output >= 0 else { throw .cannotCreate("cannot open \(name): \(Destination.errorText(errno))") }
        case .socket(let path):
            output = try connect(path, name: name)
        case .file:
            preconditionFailure("a file is replaced, not written to")
        }
        defer { if close { _ = closeDescriptor(output) } }
        let input = open(file, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .writeFailed("cannot read back \(file): \(Destination.errorText(errno))") }
        defer { _ = closeDescriptor(input) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .writeFailed("cannot read back \(file): \(Destination.errorText(errno))") }
            if count == 0 { return }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw .writeFailed("cannot write \(name): \(Destination.errorText(errno))") }
                offset += written
            }
        }
    }

    private static func connect(_ path: String, name: String) throws(DeliveryError) -> Int32 {
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw .cannotCreate("cannot open \(name): \(Destination.errorText(errno))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            _ = closeDescriptor(socketDescriptor)
            throw .cannotCreate("cannot open \(name): the socket path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connectSocket(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let problem = Destination.errorText(errno)
            _ = closeDescriptor(socketDescriptor)
            throw .cannotCreate("cannot connect to the socket \(name): \(problem)")
        }
        return socketDescriptor
    }
}

/// `close(2)` and `connect(2)`, under names the methods above do not shadow.
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func connectSocket(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
