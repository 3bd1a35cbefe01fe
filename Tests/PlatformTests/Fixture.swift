import Foundation
import Platform

/// A private folder for one test, removed when the test ends.
final class Fixture {
    let path: String

    init() throws {
        path = try POSIXFile.makeTemporaryDirectory(template: NSTemporaryDirectory() + "platform-test-XXXXXX")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String, _ text: String = "") -> String {
        let file = POSIXFile.join(path, name)
        precondition(FileManager.default.createFile(atPath: file, contents: Data(text.utf8)), "the fixture could not create \(file)")
        return file
    }

    func exists(_ name: String) -> Bool {
        var info = stat()
        return lstat(POSIXFile.join(path, name), &info) == 0
    }
}
