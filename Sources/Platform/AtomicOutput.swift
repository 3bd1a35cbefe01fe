import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file written beside its target and put in its place whole, or not at all.
///
/// The partial file is `.NAME.parpair-partial-XXXXXXXXXXXX` in the target's folder, mode 0600 until
/// ``commit()`` gives the final mode, registered with ``ScratchRegistry`` (a signal removes it) and `flock`ed
/// by its writer from creation to rename. The kernel drops the lock when the writer dies, however it dies, so a
/// later run writing into the same folder tells a dead run's partial (lockable) from a live one's (locked), in
/// any PID namespace, and removes the dead ones (``sweep(folder:)``): names and figures do not stay on disk.
///
/// Only for regular files (or none yet): a device, FIFO or socket is the user's and is written to, never
/// replaced; a link is followed by the caller, never replaced.
package final class AtomicOutput {
    /// The owner and permissions a replaced file keeps.
    package struct Existing: Sendable, Equatable {
        package var mode: mode_t
        package var owner: uid_t
        package var group: gid_t

        package init(mode: mode_t, owner: uid_t, group: gid_t) {
            self.mode = mode
            self.owner = owner
            self.group = group
        }

        /// What a regular file's status says it keeps.
        package init(_ info: stat) {
            self.init(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
        }
    }

    /// Where the bytes go until ``commit()``.
    package let descriptor: FileDescriptor
    /// The partial file's path (for a check that reads it back).
    package var partialPath: String { descriptor.path }
    /// The target, as errors name it.
    package let target: String
    private let folder: Int32
    private let partialName: String
    private let targetName: String
    private let existing: Existing?
    private let token: Int
    private var finished = false

    /// A partial file beside `target` (a path). Dead runs' partials in the folder are swept first.
    /// - Parameter existing: the file being replaced, whose mode (and, as root, owner) the new one keeps.
    package convenience init(replacing target: String, existing: Existing?) throws(FileError) {
        let folder = (target as NSString).deletingLastPathComponent
        Self.sweep(folder: folder)
        let partial = POSIXFile.join(folder.isEmpty ? "." : folder, Self.partialName(for: (target as NSString).lastPathComponent))
        try self.init(folder: AT_FDCWD, partialName: partial, shownAs: partial, targetName: target, target: target, existing: existing)
    }

    /// A partial file beside `name` in the open folder `folder`, whose path is `target` (for errors and the
    /// sweep); nothing is looked up by path, so no link on the way is followed.
    package convenience init(replacing name: String, in folder: FileDescriptor, target: String, existing: Existing?) throws(FileError) {
        let shownFolder = (target as NSString).deletingLastPathComponent
        Self.sweep(folder: shownFolder)
        let partial = Self.partialName(for: name)
        try self.init(folder: folder.rawValue, partialName: partial, shownAs: POSIXFile.join(shownFolder, partial),
                      targetName: name, target: target, existing: existing)
    }

    private init(folder: Int32, partialName: String, shownAs: String, targetName: String, target: String, existing: Existing?) throws(FileError) {
        self.folder = folder
        self.partialName = partialName
        self.targetName = targetName
        self.target = target
        self.existing = existing
        var failure = FileError(path: shownAs, operation: "create", code: EEXIST)
        let made = ScratchRegistry.register(shownAs) { () -> FileDescriptor? in
            switch Self.create(partialName, in: folder, shownAs: shownAs) {
            case .success(let descriptor): return descriptor
            case .failure(let error):
                failure = error
                return nil
            }
        }
        guard let made else { throw failure }
        descriptor = made.made
        token = made.token
    }

    /// Waits until the partial file is on disk; it is complete but not yet in place (and still locked, so no
    /// other run takes it for a dead run's partial while it is checked).
    package func sync() throws(FileError) {
        try descriptor.sync()
    }

    /// Gives the finished file its final mode, renames it over its target and lets go of it.
    package func commit() throws(FileError) {
        Self.takeOver(existing, descriptor: descriptor.rawValue)
        try SystemCall.checked("rename", target) { renameat(folder, partialName, folder, targetName) }
        ScratchRegistry.unregister(token)
        finished = true
        try descriptor.close()
    }

    /// Removes the partial file (after a failure); nothing after ``commit()``.
    package func discard() {
        guard !finished else { return }
        finished = true
        descriptor.closeQuietly()
        if folder == AT_FDCWD {
            ScratchRegistry.remove(token)
        } else {
            _ = unlinkat(folder, partialName, 0)
            ScratchRegistry.unregister(token)
        }
    }

    deinit { discard() }

    /// Gives a new file the mode of the file it replaces (and, as root, its owner and group), or for a new
    /// file 0644 less the umask.
    private static func takeOver(_ existing: Existing?, descriptor: Int32) {
        if let existing {
            if geteuid() == 0 { _ = fchown(descriptor, existing.owner, existing.group) }
            fchmod(descriptor, existing.mode)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o644 & ~mask)
        }
    }
}

extension AtomicOutput {
    static let marker = ".parpair-partial-"

    /// The longest file name most file systems take (NAME_MAX).
    static let maximumNameBytes = 255

    /// A new partial file name for `target` (a bare file name): at most ``maximumNameBytes`` bytes with the
    /// `.new` suffix it has while being created, so a target of any valid length has a partial (the target's
    /// name is cut, on a character boundary, to make room for the marker).
    package static func partialName(for target: String) -> String {
        let uuid = UUID().uuid
        let random = [uuid.0, uuid.1, uuid.2, uuid.3, uuid.4, uuid.5]
        let suffix = marker + random.map { byte in String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16) }.joined()
        let room = maximumNameBytes - 1 - suffix.utf8.count - ".new".utf8.count
        var kept = ""
        for character in target {
            guard kept.utf8.count + character.utf8.count <= room else { break }
            kept.append(character)
        }
        return "." + kept + suffix
    }

    /// Whether a name is one ``partialName(for:)`` makes.
    package static func isPartialName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let range = name.range(of: marker, options: .backwards) else { return false }
        let suffix = name[range.upperBound...]
        return suffix.count == 12 && suffix.allSatisfy { $0.isHexDigit }
    }

    /// Removes the partial files in `folder` whose writers are gone. Quiet: a folder that cannot be
    /// listed, or a file that cannot be opened or is another user's, is left alone.
    package static func sweep(folder: String) {
        let folder = folder.isEmpty ? "." : folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where isPartialName(name) {
            ScratchRegistry.removeIfWriterGone(POSIXFile.join(folder, name))
        }
    }

    /// Creates the partial file `name` in `folder` exclusively, mode 0600, and locks it.
    private static func create(_ name: String, in folder: Int32, shownAs: String) -> Result<FileDescriptor, FileError> {
        // Locked before it is visible under its name: made under a name sweeps ignore, locked, then given its
        // name by a hard link (which never replaces an existing file), so a sweeping run never finds a live
        // writer's partial unlocked.
        let fresh = name + ".new"
        let opened = SystemCall.valueOrErrno("create", shownAs) {
            openat(folder, fresh, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard case .success(let raw) = opened else { return opened.map { FileDescriptor(rawValue: $0, path: shownAs) } }
        // A fresh file nobody else has open: the lock cannot be refused.
        _ = flock(raw, LOCK_EX | LOCK_NB)
        let linked = SystemCall.valueOrErrno("create", shownAs) { linkat(folder, fresh, folder, name, 0) }
        unlinkat(folder, fresh, 0)
        if case .failure(let error) = linked {
            close(raw)
            return .failure(error)
        }
        return .success(FileDescriptor(rawValue: raw, path: shownAs))
    }
}
