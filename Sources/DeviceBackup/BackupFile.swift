import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations a backup needs: the user's files are only opened for reading, never
/// following a link and never blocking on a FIFO; new files are made only in our private folder.
enum BackupFile {
    /// The kind of what is at `path`, without following a final link; nil when nothing is there.
    static func kind(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func isRegularFile(_ path: String) -> Bool { kind(path) == S_IFREG }

    /// Opens a regular file of the backup for reading.
    static func openForReading(_ path: String) throws(BackupError) -> (descriptor: FileDescriptor, size: Int64) {
        let descriptor: FileDescriptor
        do { descriptor = try FileDescriptor.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) } catch {
            if error.code == ENOENT { throw .damaged(path, detail: "the file is missing") }
            if error.code == ELOOP { throw .damaged(path, detail: "it is a symbolic link, not a file") }
            throw .unreadable(path, reason: error.reason, permission: error.isPermission)
        }
        guard let info = try? descriptor.status(), info.st_mode & S_IFMT == S_IFREG else {
            descriptor.closeQuietly()
            throw .damaged(path, detail: "it is not a regular file")
        }
        return (descriptor, Int64(info.st_size))
    }

    /// The whole file, refused when larger than `limit`.
    static func read(_ path: String, limit: Int) throws(BackupError) -> [UInt8] {
        let (descriptor, size) = try openForReading(path)
        defer { descriptor.closeQuietly() }
        guard size <= Int64(limit) else { throw .damaged(path, detail: "\(size) bytes, more than the \(limit) expected at most") }
        let bytes: [UInt8]?
        do { bytes = try descriptor.read(exactly: Int(size)) } catch {
            throw .unreadable(path, reason: error.reason, permission: false)
        }
        guard let bytes else { throw .unreadable(path, reason: "it shrank while read", permission: false) }
        return bytes
    }

    /// The size of the regular file at `path` (not following a final link), or nil.
    static func size(_ path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// Reads a file chunk by chunk; refused once more than `maximum` bytes were read (a file growing as read).
    static func forEachChunk(
        _ path: String, maximum: Int64 = .max, _ body: (UnsafeRawBufferPointer) throws(BackupError) -> Void
    ) throws(BackupError) -> Int64 {
        let (descriptor, _) = try openForReading(path)
        defer { descriptor.closeQuietly() }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total: Int64 = 0
        while true {
            let read = Result { () throws(FileError) in try descriptor.read(into: &buffer) }
            let count: Int
            switch read {
            case .success(let got): count = got
            case .failure(let error): throw .unreadable(path, reason: error.reason, permission: false)
            }
            if count == 0 { return total }
            total += Int64(count)
            guard total <= maximum else { throw .damaged(path, detail: "more than the \(maximum) bytes expected at most") }
            let result: Result<Void, BackupError> = buffer.withUnsafeBytes { raw in
                Result { () throws(BackupError) in try body(UnsafeRawBufferPointer(rebasing: raw[0..<count])) }
            }
            try result.get()
        }
    }

    /// A new file (never replacing one) in our private folder, mode 0600.
    final class Output {
        let path: String
        private let descriptor: FileDescriptor

        init(creating path: String) throws(BackupError) {
            self.path = path
            do { descriptor = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600) } catch {
                throw .scratchFailed(path, reason: error.reason)
            }
        }

        deinit { descriptor.closeQuietly() }

        func write(_ bytes: UnsafeRawBufferPointer) throws(BackupError) {
            do { try descriptor.writeAll(bytes) } catch { throw .scratchFailed(path, reason: error.reason) }
        }

        func write(_ bytes: [UInt8]) throws(BackupError) {
            let result: Result<Void, BackupError> = bytes.withUnsafeBytes { raw in Result { () throws(BackupError) in try write(raw) } }
            try result.get()
        }
    }
}
