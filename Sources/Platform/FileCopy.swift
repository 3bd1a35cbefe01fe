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
    /// Copies a file into a new file, to the end of the source as it is while copying; returns the
    /// bytes copied. On Linux the kernel copies (`sendfile`), without passing the bytes through this
    /// process; elsewhere, or where the file system refuses, in 1 MiB chunks.
    /// - Throws: ``FileError``, whose path says which side failed: `source` or `destination`.
    package static func copy(from source: String, to destination: String, mode: mode_t = 0o600) throws(FileError) -> Int64 {
        let input = try FileDescriptor.open(source, O_RDONLY)
        defer { input.closeQuietly() }
        let output = try FileDescriptor.open(destination, O_WRONLY | O_CREAT | O_EXCL, mode: mode)
        defer { output.closeQuietly() }
        #if os(Linux)
        if let copied = try kernelCopy(input, output) { return copied }
        #endif
        return try output.writeAll(contentsOf: input, chunk: 1 << 20)
    }

    #if os(Linux)
    /// Copies from the current offsets to the end of `input` with `sendfile`; nil, having copied
    /// nothing, when the kernel cannot do it for these files (then the caller copies through a buffer).
    private static func kernelCopy(_ input: FileDescriptor, _ output: FileDescriptor) throws(FileError) -> Int64? {
        var total: Int64 = 0
        while true {
            let sent = SystemCall.valueOrErrno("sendfile", input.path) { sendfile(output.rawValue, input.rawValue, nil, 1 << 30) }
            switch sent {
            case .success(0): return total
            case .success(let count): total += Int64(count)
            case .failure(let failure):
                let code = failure.code
                if total == 0, code == EINVAL || code == ENOSYS || code == EOPNOTSUPP { return nil }
                // sendfile does not say which side failed: a full or read-only disk is the destination.
                if code == ENOSPC || code == EDQUOT || code == EFBIG || code == EROFS {
                    throw FileError(path: output.path, operation: "write", code: code)
                }
                throw FileError(path: input.path, operation: "read", code: code)
            }
        }
    }
    #endif
}
