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
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT ? Refusal(reason: "no such file", isMissing: true) : Self.unreadable(code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.unreadable(errno) }
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
        var count = 0
        while count < buffer.count {
            let done = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if done < 0, errno == EINTR { continue }
            guard done >= 0 else {
                let code = errno
                _ = buffer.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
                throw Self.unreadable(code)
            }
            if done == 0 { break }
            count += done
        }
        isLonger = count > limit
        bytes = Array(buffer[..<min(count, limit)])
        _ = buffer.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
        permissions = status.st_mode & 0o777
    }

    private static func unreadable(_ code: Int32) -> Refusal {
        Refusal(reason: "cannot read it (\(String(cString: strerror(code))))")
    }
}
