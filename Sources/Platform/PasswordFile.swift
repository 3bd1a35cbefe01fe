import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A password file (`--password-file FILE`): a regular file whose first line is the password. It is opened without blocking
/// (a FIFO with no writer would hang) and refused, by what it is, unless it is a non-empty regular file.
package enum PasswordFile {
    package static let limit = 4096

    /// Why the file cannot give a password: `path: why; what to do`.
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String
    }

    /// The first line, without its line ending; the buffer read is zeroed before returning.
    /// - Parameter warn: told `path …` when other users can read the file (it is used all the same).
    /// - Throws: ``Refusal``.
    package static func firstLine(of path: String, warn: (String) -> Void) throws(Refusal) -> [UInt8] {
        func refuse(_ why: String) -> Refusal {
            Refusal(description: "\(path): \(why); give a file holding the backup password on its first line")
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            throw refuse(code == ENOENT ? "no such file" : "cannot read it (\(String(cString: strerror(code))))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw refuse("cannot read it (\(String(cString: strerror(errno))))") }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refuse("it is a folder, not a file")
        case S_IFIFO: throw refuse("it is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: throw refuse("it is a device, not a regular file")
        case S_IFSOCK: throw refuse("it is a socket, not a regular file")
        default: throw refuse("it is not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let done = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, limit - count) }
            if done < 0, errno == EINTR { continue }
            guard done >= 0 else { throw refuse("cannot read it (\(String(cString: strerror(errno))))") }
            if done == 0 { break }
            count += done
        }
        defer { _ = bytes.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        guard count > 0 else { throw refuse("it is empty") }
        var line = Array(bytes[0..<count].prefix { $0 != 0x0A })
        if line.last == 0x0D { line.removeLast() }
        guard !line.isEmpty else { throw refuse("its first line is empty") }
        // As ssh does with keys: used, but the user is told.
        if status.st_mode & 0o044 != 0 {
            warn("\(path) can be read by other users (mode \(String(status.st_mode & 0o777, radix: 8))); "
                + "make it private with chmod 600 '\(path)'")
        }
        return line
    }
}
