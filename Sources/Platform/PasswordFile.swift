import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A password file (`--password-file FILE`): a regular file (``PersonalFile``) whose first line is the password.
package enum PasswordFile {
    package static let limit = 4096

    /// The first line, without its line ending; the buffer read is zeroed before returning.
    /// - Parameter warn: told `path …` when other users can read the file (it is used all the same).
    /// - Throws: ``FileError`` whose `reason` reads after the path (`it is empty`).
    package static func firstLine(of path: String, warn: (String) -> Void) throws(FileError) -> [UInt8] {
        func refuse(_ why: String) -> FileError {
            FileError(path: path, operation: "read", code: EINVAL, reason: why)
        }
        var file = try PersonalFile(path, limit: limit)
        defer { _ = file.bytes.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        guard !file.bytes.isEmpty else { throw refuse("it is empty") }
        var line = Array(file.bytes.prefix { $0 != 0x0A })
        if line.last == 0x0D { line.removeLast() }
        guard !line.isEmpty else { throw refuse("its first line is empty") }
        // As ssh does with keys: used, but the user is told.
        if file.permissions & 0o044 != 0 {
            warn("\(path) can be read by other users (mode \(String(file.permissions, radix: 8))); "
                + "make it private with chmod 600 '\(path)'")
        }
        return line
    }
}
