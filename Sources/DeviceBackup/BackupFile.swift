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
    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

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
    static func openForReading(_ path: String) throws(BackupError) -> (descriptor: Int32, size: Int64) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .damaged(path, detail: "the file is missing") }
            if code == ELOOP { throw .damaged(path, detail: "it is a symbolic link, not a file") }
            throw .unreadable(path, reason: errorText(code), permission: code == EACCES || code == EPERM)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .damaged(path, detail: "it is not a regular file")
        }
        return (descriptor, Int64(info.st_size))
    }

    /// The whole file, refused when larger than `limit`.
    static func read(_ path: String, limit: Int) throws(BackupError) -> [UInt8] {
        let (descriptor, size) = try openForReading(path)
        defer { close(descriptor) }
        guard size <= Int64(limit) else { throw .damaged(path, detail: "\(size) bytes, more than the \(limit) expected at most") }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .unreadable(path, reason: count == 0 ? "it shrank while read" : errorText(errno), permission: false) }
            done += count
        }
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
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path, reason: errorText(errno), permission: false) }
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
        private let descriptor: Int32

        init(creating path: String) throws(BackupError) {
            self.path = path
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .scratchFailed(path, reason: errorText(errno)) }
        }

        deinit { close(descriptor) }

        func write(_ bytes: UnsafeRawBufferPointer) throws(BackupError) {
            var done = 0
            while done < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw .scratchFailed(path, reason: errorText(errno)) }
                done += count
            }
        }

        func write(_ bytes: [UInt8]) throws(BackupError) {
            let result: Result<Void, BackupError> = bytes.withUnsafeBytes { raw in Result { () throws(BackupError) in try write(raw) } }
            try result.get()
        }
    }
}

/// `write(2)`, under a name the `Output.write` methods do not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// `read(2)`, under a name the `read` function above does not shadow.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
