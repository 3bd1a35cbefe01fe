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
    private let descriptor: FileDescriptor

    /// Opens `path` for reading (links followed).
    /// - Throws: ``FileError``.
    package init(_ path: String) throws {
        descriptor = try FileDescriptor.open(path, O_RDONLY)
    }

    deinit { descriptor.closeQuietly() }

    /// Exactly `count` bytes from the current position, or nil at the end of the file or on an error.
    package func read(exactly count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        return (try? descriptor.read(exactly: count)) ?? nil
    }

    /// Up to `count` bytes from the start of the file at `path`.
    /// - Throws: ``FileError``.
    package static func prefix(of path: String, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        let file = try ReadOnlyFile(path)
        // The file stays open (not deinitialized) until its bytes are read.
        return try withExtendedLifetime(file) { try file.descriptor.read(upTo: count) }
    }
}
