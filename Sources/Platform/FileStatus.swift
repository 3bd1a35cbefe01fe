import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a path (following symlinks).
package struct FileStatus: Equatable {
    package var isDirectory: Bool
    package var isRegularFile: Bool
    /// `regular file`, `folder`, `named pipe (FIFO)`, `character device`, …, for messages.
    package var kind: String
    package var size: Int64
    package var modifiedSeconds: Int64
    package var modifiedNanoseconds: Int64
    package var inode: UInt64
    package var device: UInt64

    /// What `stat` says about `path` (links followed); nil when nothing is there.
    /// - Throws: ``FileError`` for any other failure.
    package static func of(_ path: String) throws -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw FileError(path: path, operation: "stat", code: code)
        }
        #if canImport(Darwin)
        let seconds = Int64(info.st_mtimespec.tv_sec), nanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        let seconds = Int64(info.st_mtim.tv_sec), nanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
        let type = info.st_mode & S_IFMT
        let kind = switch type {
        case S_IFREG: "regular file"
        case S_IFDIR: "folder"
        case S_IFIFO: "named pipe (FIFO)"
        case S_IFCHR: "character device"
        case S_IFBLK: "block device"
        case S_IFSOCK: "socket"
        default: "special file"
        }
        return FileStatus(isDirectory: type == S_IFDIR, isRegularFile: type == S_IFREG, kind: kind, size: Int64(truncatingIfNeeded: info.st_size),
                      modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds,
                      inode: UInt64(truncatingIfNeeded: info.st_ino), device: UInt64(truncatingIfNeeded: info.st_dev))
    }
}

/// A failed call: the path, the operation, `errno` and the reason a user reads (the system's text for `errno`
/// unless a failure that is not the system's says otherwise). The one error Platform's file calls throw.
package struct FileError: Error, Equatable, Sendable {
    package let path: String
    package let operation: String
    package let code: Int32
    private let detail: String?
    package var reason: String { detail ?? String(cString: strerror(code)) }

    package init(path: String, operation: String, code: Int32, reason: String? = nil) {
        self.path = path
        self.operation = operation
        self.code = code
        self.detail = reason
    }

    /// The failure the last system call left in `errno`.
    package static func last(path: String, operation: String) -> FileError {
        FileError(path: path, operation: operation, code: errno)
    }

    package var isPermission: Bool { code == EACCES || code == EPERM }
    package var isMissing: Bool { code == ENOENT || code == ENOTDIR }
}
