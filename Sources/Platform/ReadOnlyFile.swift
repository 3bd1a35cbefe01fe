import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for reading, closed when the value goes away: the store's files are only ever read this way.
package final class ReadOnlyFile {
    private let descriptor: Int32

    /// Opens `path` for reading (links followed).
    /// - Throws: ``FileError``.
    package init(_ path: String) throws {
        descriptor = try Self.openForReading(path)
    }

    deinit { close(descriptor) }

    /// Exactly `count` bytes from the current position, or nil at the end of the file or on an error.
    package func read(exactly count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        let (bytes, error) = Self.readBytes(descriptor, upTo: count)
        return error == nil && bytes.count == count ? bytes : nil
    }

    /// Up to `count` bytes from the start of the file at `path`.
    /// - Throws: ``FileError``.
    package static func prefix(of path: String, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        let file = try ReadOnlyFile(path)
        let (bytes, error) = readBytes(file.descriptor, upTo: count)
        if let error { throw FileError(path: path, operation: "read", code: error) }
        return bytes
    }

    /// Up to `count` bytes from the current position: fewer only at the end of the file or on an
    /// error, whose `errno` comes with them. Interrupted reads are retried.
    private static func readBytes(_ descriptor: Int32, upTo count: Int) -> (bytes: [UInt8], error: Int32?) {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        var failure: Int32?
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return systemRead(descriptor, base + filled, count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            if got == 0 { break }
            filled += got
        }
        return (Array(bytes.prefix(filled)), failure)
    }

    static func openForReading(_ path: String) throws -> Int32 {
        while true {
            let descriptor = open(path, O_RDONLY)
            if descriptor >= 0 { return descriptor }
            if errno == EINTR { continue }
            throw FileError(path: path, operation: "open", code: errno)
        }
    }
}

/// `read(2)`, named apart from ``ReadOnlyFile/read(exactly:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
