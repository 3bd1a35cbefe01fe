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

    /// Whether `path` (already resolved) is a regular file, not a folder, device or pipe.
    static func isRegularFile(_ path: String) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return attributes?[.type] as? FileAttributeType == .typeRegular
    }

    /// The text of the file at `path`, refusing files over `limit` bytes.
    /// `displayName` is how errors name the file.
    static func read(path: String, displayName: String, limit: Int) throws -> String {
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
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? data.count
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
