import Foundation
import Platform
import Testing

@Suite struct ScratchFolderTests {
    @Test func aFolderIsPrivateNamedForItsPurposeAndGoneAfterRemove() throws {
        let base = try Fixture()
        let folder = try ScratchFolder(in: base.path, purpose: "output")
        let name = (folder.path as NSString).lastPathComponent
        #expect(name.hasPrefix("parpair-output-\(getpid())-"))
        var info = stat()
        #expect(stat(folder.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        let inner = try folder.makeFolder(named: "inner")
        #expect(inner == folder.path + "/inner")
        folder.remove()
        #expect(!base.exists(name))
    }

    @Test func theSweepRemovesADeadRunsFolderAndKeepsALiveOne() throws {
        let base = try Fixture()
        // A dead run's folder: its lock file is there but nobody holds the lock.
        let dead = POSIXFile.join(base.path, "parpair-snapshot-999999-abcdef")
        try FileManager.default.createDirectory(atPath: dead, withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: dead + "/.parpair-run.lock", contents: Data())
        _ = FileManager.default.createFile(atPath: dead + "/baby.sqlite", contents: Data("data".utf8))
        // A name the sweep does not own.
        let other = POSIXFile.join(base.path, "someone-else")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        let live = try ScratchFolder(in: base.path, purpose: "backup")

        ScratchRegistry.removeStaleFolders(in: base.path)

        #expect(!base.exists("parpair-snapshot-999999-abcdef"))
        #expect(base.exists("someone-else"))
        #expect(base.exists((live.path as NSString).lastPathComponent))
        live.remove()
    }

    /// A run ended part way through removing its folder (its lock file goes last) may leave the folder empty: the
    /// next sweep removes it at once. A fresh folder without a lock file that still holds something is an older
    /// version's, left for an hour.
    @Test func theSweepRemovesAnEmptyFolderAtOnceAndKeepsAFreshOneWithoutALockThatHoldsData() throws {
        let base = try Fixture()
        let emptied = POSIXFile.join(base.path, "parpair-snapshot-999998-abcdef")
        try FileManager.default.createDirectory(atPath: emptied, withIntermediateDirectories: false)
        let older = POSIXFile.join(base.path, "parpair-snapshot-999997-abcdef")
        try FileManager.default.createDirectory(atPath: older, withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: older + "/baby.sqlite", contents: Data("data".utf8))

        ScratchRegistry.removeStaleFolders(in: base.path)

        #expect(!base.exists("parpair-snapshot-999998-abcdef"))
        #expect(base.exists("parpair-snapshot-999997-abcdef"))
    }

    @Test func aPartialWhoseWriterIsGoneIsRemovedAndALockedOneKept() throws {
        let base = try Fixture()
        let gone = base.file(".report.html.partial", "half")
        #expect(ScratchRegistry.removeIfWriterGone(gone))
        #expect(!base.exists(".report.html.partial"))

        let held = base.file(".digest.csv.partial", "half")
        let descriptor = open(held, O_RDONLY)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        #expect(!ScratchRegistry.removeIfWriterGone(held))
        #expect(base.exists(".digest.csv.partial"))
    }

    @Test func aFolderIsNeverTakenForAPartial() throws {
        let base = try Fixture()
        let folder = POSIXFile.join(base.path, "folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(!ScratchRegistry.removeIfWriterGone(folder))
        #expect(base.exists("folder"))
    }
}
