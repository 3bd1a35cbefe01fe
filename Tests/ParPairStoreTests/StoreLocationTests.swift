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

    /// The name a report shows is the store file's name, as `URL.lastPathComponent` (the reference) gives it,
    /// for every way a store's path is given.
    @Test func theFileNameIsThePathsLastComponent() throws {
        let folder = try FixtureFolder()
        try StoreFixtures.writeFull(at: folder.store)
        let odd = try folder.folder("Application Support #1 ?100% é")
        try StoreFixtures.writeFull(at: odd + "/My Baby ★ 2.store")
        let paths = [
            folder.path, folder.path + "/", folder.store, folder.path + "//default.store", folder.path + "/./default.store",
            odd + "/My Baby ★ 2.store", odd + "/../" + (folder.store as NSString).lastPathComponent,
        ]
        for path in paths {
            let location = try StoreLocation(path: path)
            #expect(location.fileName == URL(fileURLWithPath: location.storeFile).lastPathComponent, "\(path)")
        }
        #expect(try StoreLocation(path: folder.path).fileName == "default.store")
        #expect(try StoreLocation(path: odd + "/My Baby ★ 2.store").fileName == "My Baby ★ 2.store")
    }

    /// A `default.store` that is a FIFO, a folder or a link to a device is named for what it is (it used to
    /// read "folder holds no default.store (it holds default.store)").
    @Test func aDefaultStoreThatIsNoFileIsNamedForWhatItIs() throws {
        let fifo = try FixtureFolder()
        #expect(mkfifo(fifo.store, 0o600) == 0)
        #expect(StoreFixtures.storeError { _ = try StoreLocation(path: fifo.path) } == .notARegularFile(fifo.store, kind: "named pipe (FIFO)"))
        let folder = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: folder.store, withIntermediateDirectories: false)
        #expect(StoreFixtures.storeError { _ = try StoreLocation(path: folder.path) } == .notARegularFile(folder.store, kind: "folder"))
        let device = try FixtureFolder()
        try FileManager.default.createSymbolicLink(atPath: device.store, withDestinationPath: "/dev/zero")
        let error = StoreFixtures.storeError { _ = try StoreLocation(path: device.path) }
        #expect(error == .notARegularFile(device.store, kind: "character device"))
        #expect(error?.description == "\(device.store): a character device, not a store file (nor a folder holding one); nothing was read from it")
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
