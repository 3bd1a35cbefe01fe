import Foundation

/// A fresh folder under the system temporary folder. Call `remove()` in a `defer`, which also keeps the
/// folder alive until the end of the test.
final class TemporaryFolder {
    static let root = FileManager.default.temporaryDirectory

    let url: URL

    init() throws {
        url = TemporaryFolder.root.appendingPathComponent("mustache-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to `path` inside the folder, creating subfolders.
    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Makes `path` inside the folder a symbolic link to `destination`.
    func link(_ path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: url.appendingPathComponent(path).path,
                                                   withDestinationPath: destination)
    }
}
