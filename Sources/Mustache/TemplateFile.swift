import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading template files safely: real paths, regular files only, a size limit, UTF-8.
enum TemplateFile {
    /// The absolute path with every symbolic link, `.` and `..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` (links followed) is a regular file, not a folder, device or pipe.
    static func isRegularFile(_ path: String) -> Bool { kind(of: path) == "regular file" }

    /// What is at `path`, links followed: `regular file`, `folder`, `named pipe (FIFO)`, `character device`,
    /// `block device`, `socket`; nil when nothing is there.
    static func kind(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return "regular file"
        case S_IFDIR: return "folder"
        case S_IFIFO: return "named pipe (FIFO)"
        case S_IFCHR: return "character device"
        case S_IFBLK: return "block device"
        case S_IFSOCK: return "socket"
        default: return "special file"
        }
    }

    /// The text of the file at `path`, refusing files over `limit` bytes.
    /// `displayName` is how errors name the file.
    static func read(path: String, displayName: String, limit: Int) throws -> String {
        // Checked before opening: open(2) on a FIFO waits for a writer for ever, and a device reads without end.
        if let kind = kind(of: path), kind != "regular file" {
            throw TemplateError(.unreadable(path: displayName, message: "it is a \(kind), not a regular file"), templateName: displayName)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw TemplateError(.unreadable(path: displayName, message: reason), templateName: displayName)
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw TemplateError(.unreadable(path: displayName, message: "\(error)"), templateName: displayName)
        }
        guard data.count <= limit else {
            // The opened file's own size (a link's attributes would give the link's length).
            var info = stat()
            let size = fstat(handle.fileDescriptor, &info) == 0 ? Int(info.st_size) : data.count
            throw TemplateError(.fileTooLarge(path: displayName, size: size, limit: limit), templateName: displayName)
        }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }  // byte order mark
        guard let text = String(data: Data(bytes), encoding: .utf8) else {
            throw TemplateError(.notUTF8(path: displayName), templateName: displayName)
        }
        return text
    }
}
