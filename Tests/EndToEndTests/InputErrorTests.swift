import Foundation
import SQLite
import Testing

/// A store that is missing (66) or not a ParPair store (65) is named in one error line, by every
/// command that reads stores.
@Suite struct InputErrorTests {
    enum Input: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case missingPath
        case folderWithoutStore
        case emptyFile
        case textFile
        case otherAppsDatabase
        case truncatedStore

        var testDescription: String { rawValue }

        var status: Int32 {
            switch self {
            case .missingPath, .folderWithoutStore: 66
            case .emptyFile, .textFile, .otherAppsDatabase, .truncatedStore: 65
            }
        }

        /// What the error line must say about the input, besides naming it.
        var fragment: String {
            switch self {
            case .missingPath: "no such file"
            case .folderWithoutStore: "default.store"
            case .emptyFile: "empty"
            case .textFile: "not an SQLite database"
            case .otherAppsDatabase: "not a ParPair store"
            case .truncatedStore: "truncated"
            }
        }

        /// Makes the input in `folder` and returns its path.
        func make(in folder: WorkFolder) throws -> String {
            switch self {
            case .missingPath:
                return folder.file("nowhere.store")
            case .folderWithoutStore:
                let path = folder.file("empty-folder")
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                try folder.write("empty-folder/notes.txt", "not a store")
                return path
            case .emptyFile:
                return try folder.write("empty.store", "")
            case .textFile:
                return try folder.write("text.store", "Baby log export\nMia,2026-11-20,feed\n")
            case .otherAppsDatabase:
                let path = folder.file("recipes.sqlite")
                let database = try Database(path: path, mode: .readWriteCreate)
                try database.execute("CREATE TABLE recipe (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO recipe (title) VALUES ('Bread')")
                database.close()
                return path
            case .truncatedStore:
                let path = folder.file("truncated.store")
                let bytes = Data(try FileContents.bytes(atPath: PackageFiles.sampleStore))
                try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: path))
                return path
            }
        }
    }

    static let commands: [[String]] = [
        ["report"] + PackageFiles.sampleSettings,
        ["export", "--table", "events"] + PackageFiles.sampleSettings,
        ["info"],
    ]

    @Test(arguments: Input.allCases, commands)
    func badStoreIsNamedInOneErrorLine(_ input: Input, _ command: [String]) async throws {
        let folder = try WorkFolder()
        let path = try input.make(in: folder)
        let before = try folder.listing()
        let run = try await BuiltTool.run([command[0], path] + command.dropFirst(), in: folder)
        run.expectFailure(input.status, mentioning: [path, input.fragment])
        #expect(try folder.listing() == before, "nothing written beside the input")
    }
}
