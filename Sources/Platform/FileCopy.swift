import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a file into a new one (never replacing a file), by the kernel where it can.
package enum FileCopy {
    /// Where a copy failed: reading the source or writing the destination.
    package enum Failure: Error {
        case source(FileError)
        case destination(FileError)
    }

    /// Copies a file into a new file, to the end of the source as it is while copying; returns the
    /// bytes copied. On Linux the kernel copies (`sendfile`), without passing the bytes through this
    /// process; elsewhere, or where the file system refuses, in 1 MiB chunks.
    package static func copy(from source: String, to destination: String, mode: mode_t = 0o600) throws(Failure) -> Int64 {
        let input: Int32
        do { input = try ReadOnlyFile.openForReading(source) } catch let failure as FileError { throw .source(failure) } catch {
            throw .source(FileError(path: source, operation: "open", code: EIO))
        }
        defer { close(input) }
        let output: Int32
        do { output = try POSIXFile.createExclusive(destination, mode: mode) } catch let failure as FileError { throw .destination(failure) } catch {
            throw .destination(FileError(path: destination, operation: "create", code: EIO))
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
                throw .source(FileError(path: source, operation: "read", code: errno))
            }
            if got == 0 { break }
            if let code = POSIXFile.writeAll(UnsafeRawBufferPointer(start: buffer, count: got), to: output) {
                throw .destination(FileError(path: destination, operation: "write", code: code))
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
    ) throws(Failure) -> Int64? {
        var total: Int64 = 0
        while true {
            let sent = sendfile(output, input, nil, 1 << 30)
            if sent < 0 {
                let code = errno
                if code == EINTR { continue }
                if total == 0, code == EINVAL || code == ENOSYS || code == EOPNOTSUPP { return nil }
                // sendfile does not say which side failed: a full or read-only disk is the destination.
                if code == ENOSPC || code == EDQUOT || code == EFBIG || code == EROFS {
                    throw .destination(FileError(path: destination, operation: "write", code: code))
                }
                throw .source(FileError(path: source, operation: "read", code: code))
            }
            if sent == 0 { return total }
            total += Int64(sent)
        }
    }
    #endif
}
