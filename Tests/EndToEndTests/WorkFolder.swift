import Foundation

/// A fresh temporary folder for one test; removed when the value goes away.
final class WorkFolder: Sendable {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("parpair-e2e-\(UUID().uuidString.prefix(12))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to a file in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    /// Copies the sample store (`default.store` and `default.store-wal`) into `name`, a new subfolder.
    func copySample(into name: String = "store") throws -> String {
        let folder = file(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: PackageFiles.sampleStore + suffix, toPath: folder + "/default.store" + suffix)
        }
        return folder
    }

    /// The names in the folder (or a subfolder), sorted, hidden ones included.
    func listing(_ subfolder: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subfolder.map(file) ?? path).sorted()
    }
}
