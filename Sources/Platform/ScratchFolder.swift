#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A private (0700) folder for a run's copies and partial outputs: registered with ``ScratchRegistry`` so a
/// signal removes it, locked so a later run can tell it from a dead run's, and removed by ``remove()`` or
/// when the value goes away, whichever comes first.
///
/// ```swift
/// let scratch = try ScratchFolder(in: FileManager.default.temporaryDirectory.path, purpose: "output")
/// defer { scratch.remove() }
/// ```
package final class ScratchFolder {
    /// `<base>/parpair-<purpose>-<pid>-XXXXXX`.
    package let path: String
    private let token: Int
    private var removed = false

    /// Makes and registers the folder (see ``ScratchRegistry/makeFolder(in:purpose:)``).
    /// - Throws: `FileError` when the folder cannot be made or locked.
    package init(in base: String, purpose: String) throws {
        (path, token) = try ScratchRegistry.makeFolder(in: base, purpose: purpose)
    }

    deinit { remove() }

    /// Makes the folder `name` (mode 0700) inside this one and returns its path.
    /// - Throws: ``FileError``.
    package func makeFolder(named name: String) throws -> String {
        let folder = POSIXFile.join(path, name)
        guard mkdir(folder, 0o700) == 0 else { throw FileError(path: folder, operation: "mkdir", code: errno) }
        return folder
    }

    /// Removes the folder and everything in it, and lets go of its lock; later calls do nothing.
    package func remove() {
        guard !removed else { return }
        removed = true
        ScratchRegistry.remove(token)
    }
}
