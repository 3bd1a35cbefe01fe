import Foundation
import Testing
@testable import ParPairStore

@Suite struct StoreLocationTests {
    @Test func aFolderAFolderWithASlashAndTheFileAllWork() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store)
        #expect(try StoreLocation(path: folder.path).storeFile == folder.store)
        #expect(try StoreLocation(path: folder.path + "/").storeFile == folder.store)
        #expect(try StoreLocation(path: folder.store).storeFile == folder.store)
        #expect(try StoreLocation(path: folder.store).walFile == folder.store + "-wal")
    }

    @Test func aStoreInAFolderWithAnAwkwardName() throws {
        let folder = try FixtureFolder()
        let odd = try folder.folder("Application Support #1 ?100% é")
        try SafetyTests.writeWithWALRow(at: odd + "/default.store")
        #expect(try StoreFixtures.read(odd).foodLogs.count == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: odd).sorted() == ["default.store", "default.store-wal"])
    }

    @Test func aNamedStoreFileCanBeGivenDirectly() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.file("ParPair.store"))
        #expect(try StoreFixtures.read(folder.file("ParPair.store")).babies.count == 2)
    }
}
