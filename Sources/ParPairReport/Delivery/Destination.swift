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
    typealias Existing = AtomicOutput.Existing

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
            throw DeliveryError(following: error, label: path, path: path)
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
            return .file(path: current, existing: Existing(info))
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
}

/// Writes a finished output to a device, FIFO, socket or descriptor: those cannot be replaced, so they
/// get bytes only once the whole output is made and checked.
enum DirectDelivery {
    static func send(contentsOf file: String, to destination: Destination, name: String) throws(DeliveryError) {
        let output: FileDescriptor
        var close = true
        do {
            switch destination {
            case .descriptor(let descriptor, _):
                output = FileDescriptor(rawValue: descriptor, path: name)
                close = false
            case .device(let path, _):
                output = try FileDescriptor.open(path, O_WRONLY | O_NOCTTY, shownAs: name)
            case .socket(let path):
                output = try FileDescriptor.connect(toSocket: path)
            case .file:
                preconditionFailure("a file is replaced, not written to")
            }
        } catch {
            throw DeliveryError(error, name: name)
        }
        defer { if close { output.closeQuietly() } }
        let input: FileDescriptor
        do { input = try FileDescriptor.open(file, O_RDONLY) } catch {
            throw .writeFailed("cannot read back \(file): \(error.reason)")
        }
        defer { input.closeQuietly() }
        do { try output.writeAll(contentsOf: input) } catch {
            if error.operation == "read" { throw .writeFailed("cannot read back \(file): \(error.reason)") }
            throw DeliveryError(error, name: name)
        }
    }
}
