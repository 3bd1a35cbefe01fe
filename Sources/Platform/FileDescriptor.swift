#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor and the path it stands for (named in its errors). Closed only by ``close()`` or
/// ``closeQuietly()``: a value, copied freely, as swift-system's `FileDescriptor`. Every call retries an
/// interrupted system call and throws a ``FileError``.
package struct FileDescriptor: Sendable, Equatable {
    package let rawValue: Int32
    /// The path shown in errors.
    package let path: String

    package init(rawValue: Int32, path: String) {
        self.rawValue = rawValue
        self.path = path
    }

    /// Opens `path` (relative to the open folder `folder`, or to the working folder), close-on-exec.
    /// - Parameter shownAs: the path errors name, when not `path`.
    package static func open(
        _ path: String, _ flags: Int32, mode: mode_t = 0o600, in folder: FileDescriptor? = nil, shownAs: String? = nil
    ) throws(FileError) -> FileDescriptor {
        let raw = try SystemCall.checked("open", shownAs ?? path) {
            systemOpenAt(folder?.rawValue ?? AT_FDCWD, path, flags | O_CLOEXEC, mode)
        }
        return FileDescriptor(rawValue: raw, path: shownAs ?? path)
    }

    /// Reads at most `buffer.count` bytes; 0 at the end.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return try SystemCall.checked("read", path) { systemRead(rawValue, base, buffer.count) }
    }

    /// Reads at most `buffer.count - start` bytes into `buffer` from index `start`; 0 at the end.
    package func read(into buffer: inout [UInt8], from start: Int = 0) throws(FileError) -> Int {
        precondition(start >= 0 && start <= buffer.count, "the start lies inside the buffer")
        return try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(FileError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[start...])) }
        }.get()
    }

    /// Reads up to `count` bytes: fewer only when the file ends first.
    package func read(upTo count: Int) throws(FileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = try read(into: &bytes, from: done)
            if got == 0 { break }
            done += got
        }
        bytes.removeSubrange(done...)
        return bytes
    }

    /// Reads up to `count` bytes from `offset` (`pread`: the file's position does not move); fewer only where the
    /// file ends.
    package func read(upTo count: Int, at offset: Int64) throws(FileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(count, 0))
        var done = 0
        while done < bytes.count {
            let got = try bytes.withUnsafeMutableBytes { raw in
                Result { () throws(FileError) in
                    guard let base = raw.baseAddress else { return 0 }
                    return try SystemCall.checked("read", path) {
                        systemPositionalRead(rawValue, base + done, raw.count - done, off_t(offset) + off_t(done))
                    }
                }
            }.get()
            if got == 0 { break }
            done += got
        }
        bytes.removeLast(bytes.count - done)
        return bytes
    }

    /// Reads exactly `count` bytes; nil when the file ends first.
    package func read(exactly count: Int) throws(FileError) -> [UInt8]? {
        let bytes = try read(upTo: count)
        return bytes.count == count ? bytes : nil
    }

    /// Writes every byte (EPIPE when a pipe's reader is gone: SIGPIPE stays blocked, see `Signals`).
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            offset += try SystemCall.checked("write", path) { systemWrite(rawValue, base + offset, bytes.count - offset) }
        }
    }

    /// Writes every byte.
    package func writeAll(_ bytes: [UInt8]) throws(FileError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(FileError) in try writeAll(raw) } }.get()
    }

    /// Writes a string's UTF-8, straight from its storage (a bridged or lazily made string is made contiguous first).
    package func writeAll(utf8 text: String) throws(FileError) {
        var text = text
        try text.withUTF8 { bytes in Result { () throws(FileError) in try writeAll(UnsafeRawBufferPointer(bytes)) } }.get()
    }

    /// Copies everything `source` holds from its current offset to this descriptor, `chunk` bytes at a time;
    /// returns the bytes copied. A failure names the side that failed by its path.
    @discardableResult
    package func writeAll(contentsOf source: FileDescriptor, chunk: Int = 1 << 16) throws(FileError) -> Int64 {
        var buffer = [UInt8](repeating: 0, count: chunk)
        var total: Int64 = 0
        while true {
            let count = try source.read(into: &buffer)
            if count == 0 { return total }
            try buffer.withUnsafeBytes { raw in
                Result { () throws(FileError) in try writeAll(UnsafeRawBufferPointer(rebasing: raw[..<count])) }
            }.get()
            total += Int64(count)
        }
    }

    /// Waits until everything written is on disk (`fsync`).
    package func sync() throws(FileError) {
        try SystemCall.checked("fsync", path) { fsync(rawValue) }
    }

    /// The file's status (`fstat`).
    package func status() throws(FileError) -> stat {
        var info = stat()
        try SystemCall.checked("stat", path) { fstat(rawValue, &info) }
        return info
    }

    /// The status of `name` in this folder, its link not followed (`fstatat` with `AT_SYMLINK_NOFOLLOW`); nil when
    /// there is nothing of that name (or it cannot be looked at).
    package func status(of name: String) -> stat? {
        var info = stat()
        return fstatat(rawValue, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// Makes the folder `name` in this folder (`mkdirat`); false when something of that name is there already.
    package func makeFolder(named name: String, mode: mode_t = 0o755, shownAs shown: String) throws(FileError) -> Bool {
        switch SystemCall.valueOrErrno("mkdir", shown, { mkdirat(rawValue, name, mode) }) {
        case .success: return true
        case .failure(let error) where error.code == EEXIST: return false
        case .failure(let error): throw error
        }
    }

    /// Removes the empty folder `name` in this folder (`unlinkat` with `AT_REMOVEDIR`), if it can; for undoing what
    /// this run made.
    package func removeEmptyFolder(named name: String) {
        _ = unlinkat(rawValue, name, AT_REMOVEDIR)
    }

    /// Closes the descriptor; its failure (a delayed write error on some file systems) is thrown.
    package func close() throws(FileError) {
        try SystemCall.checked("close", path, retryOnInterrupt: false) { systemClose(rawValue) }
    }

    /// Closes the descriptor, after a failure that is already being reported.
    package func closeQuietly() {
        _ = systemClose(rawValue)
    }

    /// A stream connection to the Unix socket at `path`.
    package static func connect(toSocket path: String) throws(FileError) -> FileDescriptor {
        let raw = try SystemCall.checked("socket", path) { socket(AF_UNIX, socketStream, 0) }
        let descriptor = FileDescriptor(rawValue: raw, path: path)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            descriptor.closeQuietly()
            throw FileError(path: path, operation: "socket", code: ENAMETOOLONG, reason: "the socket path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = SystemCall.valueOrErrno("connect", path, retryOnInterrupt: false) {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    systemConnect(raw, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
        if case .failure(let error) = connected {
            descriptor.closeQuietly()
            throw error
        }
        return descriptor
    }
}

extension FileDescriptor {
    /// Why `path` cannot be read (a folder listed, a file opened, then closed again), or nil when it can.
    package static func readFailure(of path: String) -> FileError? {
        var info = stat()
        if case .failure(let error) = SystemCall.valueOrErrno("stat", path, { stat(path, &info) }) { return error }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard let folder = opendir(path) else { return FileError.last(path: path, operation: "opendir") }
            closedir(folder)
            return nil
        }
        do { try open(path, O_RDONLY | O_NONBLOCK).closeQuietly() } catch { return error }
        return nil
    }
}

#if canImport(Darwin)
private let socketStream = SOCK_STREAM
#else
private let socketStream = Int32(SOCK_STREAM.rawValue)
#endif

/// The system calls, under names the methods above do not shadow.
private func systemOpenAt(_ folder: Int32, _ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    openat(folder, path, flags, mode)
}
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
private func systemPositionalRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
    pread(descriptor, bytes, count, offset)
}
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
