import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole files read with open/read/close, for what the tests check.
///
/// Not `Data(contentsOf:)` or `String(contentsOfFile:)`: on Linux, Foundation reads a file whose size
/// is 0 into a 4 KiB buffer that it drops without freeing, so every empty file a test read (a child's
/// empty standard error, a report without findings) showed up in LeakSanitizer's report.
enum FileContents {
    struct ReadError: Error, CustomStringConvertible {
        let path: String
        let problem: String
        var description: String { "cannot read \(path): \(problem)" }
    }

    /// The file's bytes.
    static func bytes(atPath path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(path: path, problem: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw ReadError(path: path, problem: String(cString: strerror(errno)))
            }
        }
    }

    /// The file's text, decoded as `String(contentsOfFile:encoding: .utf8)` decodes it: an error
    /// when the bytes are not UTF-8.
    static func text(atPath path: String) throws -> String {
        guard let text = String(bytes: try bytes(atPath: path), encoding: .utf8) else {
            throw ReadError(path: path, problem: "not UTF-8")
        }
        return text
    }
}
