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

    /// Removes the folder and everything in it, and lets go of its lock; later calls do nothing.
    package func remove() {
        guard !removed else { return }
        removed = true
        ScratchRegistry.remove(token)
    }
}
