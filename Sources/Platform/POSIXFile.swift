import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin, throwing wrappers over the POSIX calls the store, the sample writer and the outputs need (stat,
/// open, read, write, mkdtemp, link), so no other module sees `errno`.
package enum POSIXFile {
    /// What `stat` says about a path (following symlinks), or nil when nothing is there.
    package struct Status: Equatable {
        package var isDirectory: Bool
        package var isRegularFile: Bool
        /// `regular file`, `folder`, `named pipe (FIFO)`, `character device`, …, for messages.
        package var kind: String
        package var size: Int64
        package var modifiedSeconds: Int64
        package var modifiedNanoseconds: Int64
        package var inode: UInt64
        package var device: UInt64
    }

    /// A failed call: the path, the operation and `errno`.
    package struct Failure: Error {
        package let path: String
        package let operation: String
        package let code: Int32
        package var reason: String { String(cString: strerror(code)) }
        package var isPermission: Bool { code == EACCES || code == EPERM }
        package var isMissing: Bool { code == ENOENT || code == ENOTDIR }
    }

    package static func status(_ path: String) throws -> Status? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw Failure(path: path, operation: "stat", code: code)
        }
        #if canImport(Darwin)
        let seconds = Int64(info.st_mtimespec.tv_sec), nanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        let seconds = Int64(info.st_mtim.tv_sec), nanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
        let type = info.st_mode & S_IFMT
        let kind = switch type {
        case S_IFREG: "regular file"
        case S_IFDIR: "folder"
        case S_IFIFO: "named pipe (FIFO)"
        case S_IFCHR: "character device"
        case S_IFBLK: "block device"
        case S_IFSOCK: "socket"
        default: "special file"
        }
        return Status(isDirectory: type == S_IFDIR, isRegularFile: type == S_IFREG, kind: kind, size: Int64(truncatingIfNeeded: info.st_size),
                      modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds,
                      inode: UInt64(truncatingIfNeeded: info.st_ino), device: UInt64(truncatingIfNeeded: info.st_dev))
    }

    /// Up to `count` bytes from the start of a file.
    package static func prefix(of path: String, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        let (bytes, error) = readBytes(descriptor, upTo: count)
        if let error { throw Failure(path: path, operation: "read", code: error) }
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
                return read(descriptor, base + filled, count - filled)
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

    package static func openForReading(_ path: String) throws -> Int32 {
        while true {
            let descriptor = open(path, O_RDONLY)
            if descriptor >= 0 { return descriptor }
            if errno == EINTR { continue }
            throw Failure(path: path, operation: "open", code: errno)
        }
    }

    /// Creates a new file (never replacing one), owner-only unless `mode` says otherwise.
    package static func createExclusive(_ path: String, mode: mode_t = 0o600) throws -> Int32 {
        while true {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
            if descriptor >= 0 { return descriptor }
            if errno == EINTR { continue }
            throw Failure(path: path, operation: "create", code: errno)
        }
    }

    /// Where a copy failed: reading the source or writing the destination.
    package enum CopyFailure: Error {
        case source(Failure)
        case destination(Failure)
    }

    /// Copies a file into a new file, to the end of the source as it is while copying; returns the
    /// bytes copied. On Linux the kernel copies (`sendfile`), without passing the bytes through this
    /// process; elsewhere, or where the file system refuses, in 1 MiB chunks.
    package static func copy(from source: String, to destination: String, mode: mode_t = 0o600) throws(CopyFailure) -> Int64 {
        let input: Int32
        do { input = try openForReading(source) } catch let failure as Failure { throw .source(failure) } catch {
            throw .source(Failure(path: source, operation: "open", code: EIO))
        }
        defer { close(input) }
        let output: Int32
        do { output = try createExclusive(destination, mode: mode) } catch let failure as Failure { throw .destination(failure) } catch {
            throw .destination(Failure(path: destination, operation: "create", code: EIO))
        }
        defer { close(output) }
        #if os(Linux)
        if let copied = try kernelCopy(input, output, source: source, destination: destination) { return copied }
        #endif
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let got = read(input, buffer, chunk)
            if got < 0 {
                if errno == EINTR { continue }
                throw .source(Failure(path: source, operation: "read", code: errno))
            }
            if got == 0 { break }
            var written = 0
            while written < got {
                let put = systemWrite(output, buffer + written, got - written)
                if put < 0 {
                    if errno == EINTR { continue }
                    throw .destination(Failure(path: destination, operation: "write", code: errno))
                }
                written += put
            }
            total += Int64(got)
        }
        return total
    }

    #if os(Linux)
    /// Copies from the current offsets to the end of `input` with `sendfile`; nil, having copied
    /// nothing, when the kernel cannot do it for these files (then the caller copies through a buffer).
    private static func kernelCopy(
        _ input: Int32, _ output: Int32, source: String, destination: String
    ) throws(CopyFailure) -> Int64? {
        var total: Int64 = 0
        while true {
            let sent = sendfile(output, input, nil, 1 << 30)
            if sent < 0 {
                let code = errno
                if code == EINTR { continue }
                if total == 0, code == EINVAL || code == ENOSYS || code == EOPNOTSUPP { return nil }
                // sendfile does not say which side failed: a full or read-only disk is the destination.
                if code == ENOSPC || code == EDQUOT || code == EFBIG || code == EROFS {
                    throw .destination(Failure(path: destination, operation: "write", code: code))
                }
                throw .source(Failure(path: source, operation: "read", code: code))
            }
            if sent == 0 { return total }
            total += Int64(sent)
        }
    }
    #endif

    /// Makes a new private directory (mode 0700) from a template ending in `XXXXXX`.
    package static func makeTemporaryDirectory(template: String) throws -> String {
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw Failure(path: template, operation: "mkdtemp", code: errno) }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package static func closeDescriptor(_ descriptor: Int32) {
        close(descriptor)
    }

    /// Exactly `count` bytes from the current position, or nil at the end of the file or on an error.
    package static func readExactly(_ descriptor: Int32, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        let (bytes, error) = readBytes(descriptor, upTo: count)
        return error == nil && bytes.count == count ? bytes : nil
    }

    /// Writes every byte of `text` to `descriptor`, retrying interrupted writes; `errno` when a write fails
    /// (EPIPE when a pipe's reader is gone: SIGPIPE stays blocked, see `Signals`).
    package static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes every byte to `descriptor`, retrying interrupted writes; `errno` when a write fails.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// `folder/name`, without doubling a trailing slash.
    package static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Removes a file; a missing file is fine.
    package static func remove(_ path: String) {
        unlink(path)
    }

    /// Creates a hard link; fails when `destination` exists.
    package static func link(_ source: String, _ destination: String) throws {
        guard systemLink(source, destination) == 0 else {
            throw Failure(path: destination, operation: "link", code: errno)
        }
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemLink(_ source: String, _ destination: String) -> Int32 {
    link(source, destination)
}
