import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// An output is judged where it will land, every link followed as the writer follows them: a link into the
/// backup being read, to one of the store's files, or to where one of them would be made is refused before
/// anything is written, and the backup and the store stay byte for byte (issue 34's reproduced attacks).
@Suite struct LandingTests {
    static let digestMail = ["--from", "a@example.org", "--to", "b@example.org"]
    static let settings = ["--tz", "America/New_York", "--today", "2026-11-20"]

    /// Every file under `folder` with its bytes, and every name (hidden ones, folders) to catch a new empty one.
    static func state(of folder: String) throws -> [String: Data] {
        var result = try BackupFixture.contents(of: folder)
        for name in FileManager.default.subpaths(atPath: folder) ?? [] where result[name] == nil { result[name] = Data() }
        return result
    }

    /// A link named as the output, into the backup: to its Manifest.db, Status.plist and Info.plist, to a file
    /// it does not have yet, as `--eml`, and a digest folder that is a link to the backup. Each exits 64.
    @Test func aLinkIntoTheBackupIsRefused() async throws {
        let setup = try BackupTests.Setup(.plain)
        let before = try Self.state(of: setup.backup)
        let folder = setup.folder
        for name in ["Manifest.db", "Status.plist", "Info.plist", "new-report.html"] {
            try FileManager.default.createSymbolicLink(atPath: folder.file("to-" + name), withDestinationPath: setup.backup + "/" + name)
        }
        try FileManager.default.createSymbolicLink(atPath: folder.file("digests"), withDestinationPath: setup.backup)
        try FileManager.default.createSymbolicLink(atPath: folder.file("mail.eml"), withDestinationPath: setup.backup + "/Manifest.db")
        let runs: [([String], String)] = [
            (["report", setup.backup, "--output", folder.file("to-Manifest.db"), "--format", "html"], "--output"),
            (["report", setup.backup, "--output", folder.file("to-Status.plist"), "--format", "md"], "--output"),
            (["export", setup.backup, "--table", "events", "--output", folder.file("to-Info.plist")], "--output"),
            (["report", setup.backup, "--output", folder.file("to-new-report.html")], "--output"),
            (["digest", setup.backup, "--eml", folder.file("mail.eml")] + Self.digestMail, "--eml"),
            (["digest", setup.backup, "--out", folder.file("digests"), "--formats", "csv"], "--out"),
        ]
        for (arguments, option) in runs {
            let run = try await BuiltTool.run(arguments + Self.settings, in: folder, environment: setup.environment)
            run.expectFailure(64, mentioning: [option, "inside the backup it is read from"])
        }
        #expect(try Self.state(of: setup.backup) == before)
        #expect(try folder.listing("tmp").isEmpty)
    }

    /// A dangling link to where the store's journal or `-shm` would be made: refused, and no file appears
    /// beside the store (its folder keeps exactly its two files).
    @Test(arguments: ["default.store-journal", "default.store-shm"])
    func aDanglingLinkBesideTheStoreIsRefused(_ name: String) async throws {
        let folder = try WorkFolder()
        let store = try folder.copySample()
        let bytes = try ["default.store", "default.store-wal"].map { try FileContents.bytes(atPath: store + "/" + $0) }
        try FileManager.default.createSymbolicLink(atPath: folder.file("out.html"), withDestinationPath: "store/" + name)
        for arguments in [["report", store, "--output", "out.html"], ["export", store, "--table", "weekly", "--output", "out.html"],
                          ["digest", store, "--eml", "out.html"] + Self.digestMail] {
            let run = try await BuiltTool.run(arguments + Self.settings, in: folder)
            run.expectFailure(64, mentioning: ["one of the store's own files"])
        }
        #expect(try folder.listing("store") == ["default.store", "default.store-wal"])
        #expect(try ["default.store", "default.store-wal"].map { try FileContents.bytes(atPath: store + "/" + $0) } == bytes)
    }

    /// A link another user planted in a shared sticky folder (as in /tmp) is not followed, as the kernel's
    /// protected_symlinks would not: the file it points at keeps its bytes. Needs root, to give the link
    /// another owner.
    @Test func aLinkAnotherUserPlantedInAStickyFolderIsRefused() async throws {
        guard geteuid() == 0 else {
            Issue.record("skipped: needs root to make a link owned by another user")
            return
        }
        let folder = try WorkFolder()
        let shared = folder.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(chmod(shared, 0o1777) == 0)
        let victim = try folder.write("victim.conf", "root's own file\n")
        let link = shared + "/report.html"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        #expect(lchown(link, 65534, 65534) == 0)
        let run = try await BuiltTool.run(["report", PackageFiles.sampleStore, "--output", link] + Self.settings, in: folder)
        run.expectFailure(64, mentioning: [link, "another user (uid 65534)", "sticky"])
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "root's own file\n")
        #expect(try folder.listing("shared") == ["report.html"])
        // The same link owned by the folder's owner is followed, as the kernel follows it.
        #expect(lchown(link, 0, 0) == 0)
        let mine = try await BuiltTool.run(["report", PackageFiles.sampleStore, "--output", link] + Self.settings, in: folder)
        mine.expectSuccess()
        #expect(try String(contentsOfFile: victim, encoding: .utf8) != "root's own file\n")
    }
}
