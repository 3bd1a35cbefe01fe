import Foundation

/// A fresh temporary folder for one test, deleted when the value goes away.
final class FixtureFolder {
    let path: String

    init(_ name: String = #function) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-store-tests")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = base.appendingPathComponent("\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        path = url.path
    }

    deinit {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// The store file inside the folder.
    var store: String { file("default.store") }

    /// Names in the folder, sorted.
    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Makes a subfolder and returns its path.
    func folder(_ name: String) throws -> String {
        let path = file(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
