import Foundation
import TestSupport

/// Device backups in the real layout, made by `Tests/Backups/make_backup.py` (Python's plistlib and
/// sqlite3 with the `cryptography` package: nothing of ours), for the backup reader's tests.
enum BackupFixture {
    static let scripts = PackageFiles.root.appendingPathComponent("Tests/Backups")
    static let groupDomain = "AppDomainGroup-group.org.parpair.shared"
    static let appDomain = "AppDomain-org.parpair.app"
    static let decoyDomain = "AppDomain-com.example.notes"
    static let storePath = "Library/Application Support/default.store"
    static let password = "correct horse battery"

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// The sample store (with its -wal) in the app group domain, plus a decoy app's `default.store`
    /// (an SQLite database of another app) in its app domain.
    static func sampleFiles(domain: String = groupDomain, decoy: String) -> [[String: Any]] {
        [
            ["domain": domain, "relativePath": storePath, "source": PackageFiles.sampleStore],
            ["domain": domain, "relativePath": storePath + "-wal", "source": PackageFiles.sampleStore + "-wal"],
            ["domain": decoyDomain, "relativePath": storePath, "source": decoy],
        ]
    }

    /// An SQLite database of another app, to sit beside ParPair's store under the same name.
    static func decoyStore(in folder: WorkFolder) throws -> String {
        let path = folder.file("decoy.sqlite")
        if FileManager.default.fileExists(atPath: path) { return path }
        _ = try python(["-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, ZTEXT TEXT)'); c.commit()", path])
        return path
    }

    /// Writes one backup folder at `out` from `spec` (see Tests/Backups/README.md) and returns `out`.
    @discardableResult
    static func make(_ spec: [String: Any], out: String) throws -> String {
        var spec = spec
        spec["out"] = out
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-spec-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: spec).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try python([scripts.appendingPathComponent("make_backup.py").path, file.path])
        return out
    }

    /// Runs python3 with the arguments; its standard output.
    static func python(_ arguments: [String], input: [UInt8]? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try PythonEmailParser.pythonPath())
        process.arguments = arguments
        let output = try process.runCapturingOutput(input: input)
        guard process.terminationStatus == 0 else {
            throw Failed(description: "python3 \(arguments.first ?? ""): exit \(process.terminationStatus): "
                + String(decoding: output.stderr, as: UTF8.self))
        }
        return String(decoding: output.stdout, as: UTF8.self)
    }

    /// Every file under `folder` with its bytes, to prove a backup unchanged.
    static func contents(of folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return result }
        while let name = walker.nextObject() as? String {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                result[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return result
    }
}
