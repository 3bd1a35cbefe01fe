import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an output path names once its links are followed, and so how it is written:
/// - a regular file (or none yet) is replaced whole by an ``AtomicOutput`` and keeps its mode, owner and group;
/// - a character device, FIFO or socket is the user's and never replaced: the finished output is written to it
///   (``send(contentsOf:shownAs:)``);
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` are written to that descriptor;
/// - a folder or a block device is refused.
/// The link itself is never replaced.
package enum OutputTarget: Equatable, Sendable {
    /// A regular file at `path` (the end of the links), or none yet (`existing` nil).
    case file(path: String, existing: AtomicOutput.Existing?)
    /// A character device or FIFO; `kind` names it (`character device`, `named pipe`).
    case device(path: String, kind: String)
    case socket(path: String)
    /// An open descriptor of this process.
    case descriptor(Int32)

    /// The operation of the ``FileError`` that refuses a path: `EISDIR` for a folder, `EINVAL` for a
    /// block device (an output is never written over a disk), `ENOENT` for a new file whose folder does not exist.
    package static let refusal = "choose how to write"

    /// Follows the path's links as ``LandingPath/followLinks(_:stop:)`` does (the same walk a protection check
    /// judges), stopping at a link to a standard descriptor, and says how the end is written.
    /// - Throws: ``FileError``: a refusal (operation ``refusal``) or the links' failure (see ``LandingPath``).
    package static func resolve(_ path: String) throws(FileError) -> OutputTarget {
        if let descriptor = standardDescriptor(path) { return .descriptor(descriptor) }
        let end = try LandingPath.followLinks(path, stop: { standardDescriptor($0) != nil })
        if let target = end.stoppedAt, let descriptor = standardDescriptor(target) { return .descriptor(descriptor) }
        let current = end.path
        guard let info = end.status else {
            // Nothing there yet (or a link to nothing): a new file at the end of the links.
            let folder = (current as NSString).deletingLastPathComponent
            guard let status = try? FileStatus.of(folder.isEmpty ? "/" : folder), status.isDirectory else {
                throw FileError(path: folder, operation: refusal, code: ENOENT, reason: "the folder \(folder) does not exist")
            }
            return .file(path: current, existing: nil)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(path: current, existing: AtomicOutput.Existing(info))
        case S_IFDIR: throw FileError(path: path, operation: refusal, code: EISDIR, reason: "a folder")
        case S_IFCHR: return .device(path: current, kind: "character device")
        case S_IFIFO: return .device(path: current, kind: "named pipe")
        case S_IFSOCK: return .socket(path: current)
        default: throw FileError(path: path, operation: refusal, code: EINVAL, reason: "a block device")
        }
    }

    /// Whether the output replaces a file (a regular file, or none yet) rather than being written to what is there.
    package var isReplaced: Bool {
        if case .file = self { return true }
        return false
    }

    /// Writes the whole of the finished file `file` to this device, FIFO, socket or descriptor: it cannot be
    /// replaced, so it gets bytes only once the output is complete and checked.
    /// - Parameter name: the output's path as the user gave it, named in errors.
    /// - Throws: ``FileError``; one whose path is `file` failed reading it back.
    package func send(contentsOf file: String, shownAs name: String) throws(FileError) {
        let output: FileDescriptor
        switch self {
        case .descriptor(let descriptor): output = FileDescriptor(rawValue: descriptor, path: name)
        case .device(let path, _): output = try FileDescriptor.open(path, O_WRONLY | O_NOCTTY, shownAs: name)
        case .socket(let path): output = try FileDescriptor.connect(toSocket: path)
        case .file: preconditionFailure("a file is replaced, not written to")
        }
        // A descriptor of this process stays open: it is not ours to close.
        defer { if case .descriptor = self {} else { output.closeQuietly() } }
        let input = try FileDescriptor.open(file, O_RDONLY)
        defer { input.closeQuietly() }
        try output.writeAll(contentsOf: input)
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
