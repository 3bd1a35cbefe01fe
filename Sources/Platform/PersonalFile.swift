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
    /// Why a file cannot be read: `reason` reads after the path (`it is a folder, not a file`).
    package struct Refusal: Error {
        package var reason: String
        /// The path names nothing.
        package var isMissing = false
    }

    /// At most `limit` bytes from the start; the caller zeroes them when they are secret.
    package var bytes: [UInt8]
    /// The file holds more than `limit` bytes.
    package var isLonger: Bool
    /// The permission bits, such as `0o600`.
    package var permissions: mode_t

    /// Reads `path`.
    /// - Throws: ``Refusal``.
    package init(_ path: String, limit: Int) throws(Refusal) {
        let descriptor: FileDescriptor
        do { descriptor = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY) } catch {
            throw error.code == ENOENT ? Refusal(reason: "no such file", isMissing: true) : Self.unreadable(error.code)
        }
        defer { descriptor.closeQuietly() }
        let status: stat
        do { status = try descriptor.status() } catch { throw Self.unreadable(error.code) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Refusal(reason: "it is a folder, not a file")
        case S_IFIFO: throw Refusal(reason: "it is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: throw Refusal(reason: "it is a device, not a regular file")
        case S_IFSOCK: throw Refusal(reason: "it is a socket, not a regular file")
        default: throw Refusal(reason: "it is not a regular file")
        }
        // One byte beyond the limit tells a longer file.
        var buffer = [UInt8](repeating: 0, count: limit + 1)
        defer { _ = buffer.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        var count = 0
        while count < buffer.count {
            let done: Int
            do { done = try descriptor.read(into: &buffer, from: count) } catch { throw Self.unreadable(error.code) }
            if done == 0 { break }
            count += done
        }
        isLonger = count > limit
        bytes = Array(buffer[..<min(count, limit)])
        permissions = status.st_mode & 0o777
    }

    private static func unreadable(_ code: Int32) -> Refusal {
        Refusal(reason: "cannot read it (\(String(cString: strerror(code))))")
    }
}
