import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file the tool reads whole up to a limit (a password file, the family file, the head of a digest CSV). It
/// is opened without blocking (a FIFO with no writer would hang) and refused, by what it is, unless it is a regular file.
package struct PersonalFile {
    /// At most `limit` bytes from the start; the caller zeroes them when they are secret.
    package var bytes: [UInt8]
    /// The file holds more than `limit` bytes.
    package var isLonger: Bool
    /// The permission bits, such as `0o600`.
    package var permissions: mode_t

    /// Reads `path`.
    /// - Throws: ``FileError`` whose `reason` reads after the path (`it is a folder, not a file`, `no such file`,
    ///   `cannot read it (Permission denied)`).
    package init(_ path: String, limit: Int) throws(FileError) {
        func refuse(_ code: Int32, _ reason: String) -> FileError {
            FileError(path: path, operation: "read", code: code, reason: reason)
        }
        func unreadable(_ error: FileError) -> FileError {
            refuse(error.code, "cannot read it (\(String(cString: strerror(error.code))))")
        }
        let descriptor: FileDescriptor
        do { descriptor = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY) } catch {
            throw error.code == ENOENT ? refuse(ENOENT, "no such file") : unreadable(error)
        }
        defer { descriptor.closeQuietly() }
        let status: stat
        do { status = try descriptor.status() } catch { throw unreadable(error) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refuse(EISDIR, "it is a folder, not a file")
        case S_IFIFO: throw refuse(EINVAL, "it is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: throw refuse(EINVAL, "it is a device, not a regular file")
        case S_IFSOCK: throw refuse(EINVAL, "it is a socket, not a regular file")
        default: throw refuse(EINVAL, "it is not a regular file")
        }
        // One byte beyond the limit tells a longer file.
        var buffer = [UInt8](repeating: 0, count: limit + 1)
        defer { _ = buffer.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        var count = 0
        while count < buffer.count {
            let done: Int
            do { done = try descriptor.read(into: &buffer, from: count) } catch { throw unreadable(error) }
            if done == 0 { break }
            count += done
        }
        isLonger = count > limit
        bytes = Array(buffer[..<min(count, limit)])
        permissions = status.st_mode & 0o777
    }
}
