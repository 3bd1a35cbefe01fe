import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a write to a path lands: the links of its last component followed one by one, as `open(2)`
/// follows them and as an output's writer does (``followLinks(_:stop:)`` is what both use), then its
/// folders resolved (`realpath`). Comparing landings, not spellings, is how a path is judged against
/// files that must not be touched: a link to them, a dangling link to where one of them would be made,
/// a folder that is a link into them.
///
/// A link the kernel's `protected_symlinks` would not follow is not followed either: one in a sticky
/// folder writable by all (`/tmp`), owned neither by this process's user nor by the folder's owner. The
/// check is made here because the writer resolves links itself, so the kernel never sees them.
package enum LandingPath {
    /// How many links are followed before a loop is assumed (as Linux's 40).
    package static let maximumLinks = 40

    /// The operation a ``FileError`` names when a path's links cannot be followed or must not be: more than
    /// ``maximumLinks`` links (`ELOOP`), or a link another user planted in a shared sticky folder (`EACCES`,
    /// as the kernel's `protected_symlinks`). A failed `lstat` or `readlink` names its own call.
    package static let followOperation = "follow"

    /// The end of the links: the path (absolute) that is not a link, its `lstat` when it exists (nil when
    /// nothing is there), or the target `stop` accepted.
    package struct End {
        package var path: String
        package var status: stat?
        /// The link target at which `stop` said to stop (`/dev/stdout`, say), if it did.
        package var stoppedAt: String?
    }

    /// Follows the links of `path`'s last component. A relative target is taken from the link's folder.
    /// - Parameter stop: asked with each link's target before it is followed; true ends there.
    /// - Throws: ``FileError``.
    package static func followLinks(_ path: String, stop: (String) -> Bool = { _ in false }) throws(FileError) -> End {
        var current = absolute(path)
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                let code = errno
                guard code == ENOENT || code == ENOTDIR else { throw FileError(path: current, operation: "lstat", code: code) }
                return End(path: current, status: nil, stoppedAt: nil)
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { return End(path: current, status: info, stoppedAt: nil) }
            let folder = parent(of: current)
            try refusePlanted(link: current, owner: info.st_uid, folder: folder)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw .last(path: current, operation: "readlink") }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if stop(target) { return End(path: current, status: info, stoppedAt: target) }
            current = target.hasPrefix("/") ? target : POSIXFile.join(folder, target)
        }
        throw loop(path)
    }

    /// The absolute path a new or replaced file at `path` lands on: links followed, folders resolved. A
    /// folder that does not exist yet (one a digest will make) lands where its own path lands.
    /// - Throws: ``FileError``.
    package static func landing(of path: String) throws(FileError) -> String {
        try landing(of: path, depth: 0)
    }

    private static func landing(of path: String, depth: Int) throws(FileError) -> String {
        guard depth <= maximumLinks else { throw loop(path) }
        let end = try followLinks(path).path
        let folder = parent(of: end), name = (end as NSString).lastPathComponent
        if let resolved = realPath(folder) { return POSIXFile.join(resolved, name) }
        guard folder != end, folder != "/", !folder.isEmpty else { return end }
        return POSIXFile.join(try landing(of: folder, depth: depth + 1), name)
    }

    /// Device and inode of the file at `path` (links followed), or nil when there is none.
    package static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// Whether `path` lands on `folder` or inside it: by path once both are resolved, and by device and
    /// inode for each existing folder above the landing (a bind mount or another spelling of the folder).
    /// - Throws: ``FileError``.
    package static func landsInside(_ path: String, folder: String) throws(FileError) -> Bool {
        let target = try landing(of: path)
        let resolvedFolder = realPath(folder) ?? absolute(folder)
        if target == resolvedFolder || target.hasPrefix(resolvedFolder.hasSuffix("/") ? resolvedFolder : resolvedFolder + "/") {
            return true
        }
        guard let folderIdentity = identity(of: folder) else { return false }
        var above = target
        while true {
            if let here = identity(of: above), here == folderIdentity { return true }
            let next = parent(of: above)
            if next == above || next.isEmpty { return false }
            above = next
        }
    }

    /// The kernel's `protected_symlinks` rule: a link in a sticky, world-writable folder is followed only
    /// when it belongs to this process's user or to the folder's owner.
    private static func refusePlanted(link: String, owner: uid_t, folder: String) throws(FileError) {
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else { return }
        let mode = folderInfo.st_mode
        guard mode & S_ISVTX != 0, mode & S_IWOTH != 0, owner != geteuid(), owner != folderInfo.st_uid else { return }
        throw FileError(
            path: link, operation: followOperation, code: EACCES,
            reason: "a symbolic link of another user (uid \(owner)) in the shared folder \(folder) (sticky, writable by all)")
    }

    private static func loop(_ path: String) -> FileError {
        FileError(path: path, operation: followOperation, code: ELOOP, reason: "more than \(maximumLinks) symbolic links (a loop?)")
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : POSIXFile.join(FileManager.default.currentDirectoryPath, path)
    }

    static func parent(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : folder
    }

    /// `realpath(3)`, or nil when the path does not resolve.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A file's device and inode: the same pair is the same file, however it is named.
package struct FileIdentity: Equatable, Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    package init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
}
