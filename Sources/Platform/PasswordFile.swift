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
        var file: PersonalFile
        do { file = try PersonalFile(path, limit: limit) } catch { throw refuse(error.reason) }
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
