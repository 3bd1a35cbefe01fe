import CPlatform
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin, throwing wrappers over the POSIX calls the sample writer, the scratch folders and the outputs need
/// (open, write, mkdtemp, link); a descriptor is a `FileDescriptor`, a file replaced whole an `AtomicOutput`,
/// and no other module sees `errno`. A file's status is `FileStatus`, a file
/// read is a `ReadOnlyFile`, a copy is `FileCopy`'s.
package enum POSIXFile {
    /// Makes a new private directory (mode 0700) from a template ending in `XXXXXX`.
    package static func makeTemporaryDirectory(template: String) throws -> String {
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw FileError(path: template, operation: "mkdtemp", code: errno) }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes every byte of `text` to `descriptor`, retrying interrupted writes; `errno` when a write fails
    /// (EPIPE when a pipe's reader is gone: SIGPIPE stays blocked, see `Signals`).
    package static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes every byte to `descriptor`, retrying interrupted writes; `errno` when a write fails.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        do { try FileDescriptor(rawValue: descriptor, path: "").writeAll(bytes) } catch { return error.code }
        return nil
    }

    /// Asks the system to start writing the file's changed pages to disk now, without waiting (Linux; nothing
    /// elsewhere, or for a pipe or terminal): the `fsync` that later makes it durable waits for less, the disk
    /// working while the run does the rest of its work.
    package static func startWriteback(_ descriptor: Int32) {
        _ = parpair_start_writeback(descriptor)
    }

    /// `folder/name`, without doubling a trailing slash.
    package static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The names in `folder` that start with one of `prefixes`, in the order the system lists them; empty when
    /// the folder cannot be read. Other names are skipped on their bytes, so a crowded folder (a shared `/tmp`)
    /// costs no String per entry.
    package static func names(in folder: String, startingWith prefixes: [String]) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        let wanted = prefixes.map { Array($0.utf8) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                let length = strnlen(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count)
                let name = UnsafeRawBufferPointer(rebasing: bytes[..<length])
                return wanted.contains { name.starts(with: $0) } ? String(decoding: name, as: UTF8.self) : nil
            }
            if let name { names.append(name) }
        }
        return names
    }

    /// Removes a file; a missing file is fine.
    package static func remove(_ path: String) {
        unlink(path)
    }

    /// Creates a hard link; fails when `destination` exists.
    package static func link(_ source: String, _ destination: String) throws {
        guard systemLink(source, destination) == 0 else {
            throw FileError(path: destination, operation: "link", code: errno)
        }
    }
}

private func systemLink(_ source: String, _ destination: String) -> Int32 {
    link(source, destination)
}
