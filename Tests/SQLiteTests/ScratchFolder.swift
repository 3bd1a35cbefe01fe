import Foundation

/// A fresh temporary folder for one test, deleted afterwards.
final class ScratchFolder {
    let path: String

    init(_ name: String = "sqlite") throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("parpair-sqlite-tests")
            .appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }
}
