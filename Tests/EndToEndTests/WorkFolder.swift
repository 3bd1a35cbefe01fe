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

    /// Writes `text` to a program in the folder (mode 0755) and returns its path. The file is opened close-on-exec:
    /// a test running beside this one may fork while it is open, and a child that kept a writer on it would make its
    /// exec fail with "Text file busy" (ETXTBSY).
    @discardableResult
    func writeProgram(_ name: String, _ text: String) throws -> String {
        let path = file(name)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        return path
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
