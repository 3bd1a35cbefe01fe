import Foundation
import ParPairStore
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The partial files outputs are written to beside their targets: `.NAME.parpair-partial-XXXXXXXXXXXX`,
/// mode 0600 until the rename gives the final mode, and `flock`ed by their writer from creation to rename.
/// The kernel drops the lock when the writer dies, however it dies (SIGKILL, the OOM killer), so a later
/// run writing into the same folder can tell a dead run's partial (lockable) from a live one's (locked),
/// in any PID namespace, and removes the dead ones: names and figures do not stay on disk.
enum PartialFile {
    static let marker = ".parpair-partial-"

    /// The longest file name most file systems take (NAME_MAX).
    static let maximumNameBytes = 255

    /// A new partial file name for `target` (a bare file name): at most ``maximumNameBytes`` bytes with the
    /// `.new` suffix it has while being created, so a target of any valid length has a partial (the target's
    /// name is cut, on a character boundary, to make room for the marker).
    static func name(for target: String) -> String {
        // Twelve lowercase hexadecimal digits of a random UUID's first six bytes, written here rather than through
        // Foundation's string replacement, which bridges to NSString on every run.
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

    /// Whether a name is one ``name(for:)`` makes.
    static func isPartialName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let range = name.range(of: marker, options: .backwards) else { return false }
        let suffix = name[range.upperBound...]
        return suffix.count == 12 && suffix.allSatisfy { $0.isHexDigit }
    }

    /// Creates the partial file `name` in `folder` (a descriptor, or `AT_FDCWD` with a path) exclusively,
    /// mode 0600, and locks it; nil with `errno` set when it cannot be created.
    static func create(_ name: String, in folder: Int32 = AT_FDCWD) -> Int32? {
        // Locked before it is visible under its name: made under a name sweeps ignore, locked, then renamed
        // (never over an existing file), so a sweeping run never finds a live writer's partial unlocked.
        let fresh = name + ".new"
        let descriptor = openat(folder, fresh, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        // A fresh file nobody else has open: the lock cannot be refused.
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        guard Self.renameNoReplace(folder, fresh, name) else {
            let code = errno == 0 ? EEXIST : errno
            unlinkat(folder, fresh, 0)
            close(descriptor)
            errno = code
            return nil
        }
        return descriptor
    }

    /// Gives the file `from` the name `to` in `folder` unless `to` exists, atomically (a hard link refuses an
    /// existing name), then drops the name `from`.
    private static func renameNoReplace(_ folder: Int32, _ from: String, _ to: String) -> Bool {
        guard linkat(folder, from, folder, to, 0) == 0 else { return false }
        unlinkat(folder, from, 0)
        return true
    }

    /// Removes the partial files in `folder` whose writers are gone. Quiet: a folder that cannot be
    /// listed, or a file that cannot be opened or is another user's, is left alone.
    static func sweep(folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return }
        for name in names where isPartialName(name) {
            ScratchRegistry.removeIfWriterGone((folder.isEmpty ? "." : folder) + "/" + name)
        }
    }
}
