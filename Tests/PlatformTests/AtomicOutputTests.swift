import Foundation
import Platform
import Testing

@Suite struct AtomicOutputTests {
    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func theTargetKeepsItsOldBytesUntilCommitThenHasTheNewOnesAndItsMode() throws {
        let base = try Fixture()
        let target = base.file("report.csv", "old\n")
        chmod(target, 0o640)
        var info = stat()
        stat(target, &info)
        let output = try AtomicOutput(replacing: target, existing: AtomicOutput.Existing(info))
        try output.descriptor.writeAll(Array("new\n".utf8))
        try output.sync()
        #expect(contents(target) == "old\n")
        #expect(names(in: base.path).count == 2)
        #expect(AtomicOutput.isPartialName((output.partialPath as NSString).lastPathComponent))
        try output.commit()
        #expect(contents(target) == "new\n")
        #expect(names(in: base.path) == ["report.csv"])
        stat(target, &info)
        #expect(info.st_mode & 0o7777 == 0o640)
    }

    @Test func aDiscardedOutputLeavesNothingAndTheTargetUntouched() throws {
        let base = try Fixture()
        let target = base.file("report.html", "kept")
        let output = try AtomicOutput(replacing: target, existing: nil)
        try output.descriptor.writeAll(Array("half a rep".utf8))
        output.discard()
        #expect(names(in: base.path) == ["report.html"])
        #expect(contents(target) == "kept")
    }

    @Test func aPartialIsOwnerOnlyUntilCommitted() throws {
        let base = try Fixture()
        let output = try AtomicOutput(replacing: base.path + "/new.md", existing: nil)
        var info = stat()
        #expect(stat(output.partialPath, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        output.discard()
    }

    @Test func aDeadRunsPartialIsSweptWhenTheNextOutputIsMade() throws {
        let base = try Fixture()
        let dead = AtomicOutput.partialName(for: "report.csv")
        _ = base.file(dead, "a dead run's figures")
        let output = try AtomicOutput(replacing: base.path + "/report.csv", existing: nil)
        #expect(!base.exists(dead))
        try output.commit()
        #expect(names(in: base.path) == ["report.csv"])
    }

    @Test func aLongNameStillGetsAPartialWithinTheNameLimit() {
        let long = String(repeating: "é", count: 127)  // 254 bytes
        let partial = AtomicOutput.partialName(for: long)
        #expect(partial.utf8.count + ".new".utf8.count <= 255)
        #expect(AtomicOutput.isPartialName(partial))
        #expect(!AtomicOutput.isPartialName("report.csv"))
    }

    @Test func insideAnOpenFolderTheOutputLandsByNameNotThroughALink() throws {
        let base = try Fixture()
        let elsewhere = try Fixture()
        let folder = try FileDescriptor.open(base.path, O_RDONLY | O_DIRECTORY)
        defer { folder.closeQuietly() }
        let victim = elsewhere.file("victim", "untouched")
        try FileManager.default.createSymbolicLink(atPath: base.path + "/week.md", withDestinationPath: victim)
        let output = try AtomicOutput(replacing: "week.md", in: folder, target: base.path + "/week.md", existing: nil)
        try output.descriptor.writeAll(Array("digest".utf8))
        try output.commit()
        // The link's name now holds the file; the file it pointed to is as it was.
        #expect(try FileManager.default.attributesOfItem(atPath: base.path + "/week.md")[.type] as? FileAttributeType == .typeRegular)
        #expect(contents(base.path + "/week.md") == "digest")
        #expect(contents(victim) == "untouched")
    }

    @Test func aMissingFolderIsACreateErrorNamingThePartial() throws {
        let base = try Fixture()
        #expect {
            try AtomicOutput(replacing: base.path + "/no-folder/report.csv", existing: nil)
        } throws: { error in
            guard let error = error as? FileError else { return false }
            return error.operation == "create" && error.code == ENOENT && error.path.hasPrefix(base.path + "/no-folder/.report.csv")
        }
    }
}

@Suite struct FileDescriptorTests {
    @Test func aFIFOIsWrittenToAndStaysAFIFO() throws {
        let base = try Fixture()
        let fifo = base.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try FileDescriptor.open(fifo, O_RDONLY | O_NONBLOCK)
        defer { reader.closeQuietly() }
        let writer = try FileDescriptor.open(fifo, O_WRONLY)
        try writer.writeAll(Array("through the pipe".utf8))
        try writer.close()
        #expect(try reader.read(exactly: 16) == Array("through the pipe".utf8))
        var info = stat()
        lstat(fifo, &info)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func devNullTakesWritesAndIsNotReplaced() throws {
        let null = try FileDescriptor.open("/dev/null", O_WRONLY)
        try null.writeAll(Array(repeating: 0x41, count: 100_000))
        try null.close()
        var info = stat()
        lstat("/dev/null", &info)
        #expect(info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aFailedOpenNamesPathOperationAndReason() {
        #expect {
            try FileDescriptor.open("/nonexistent-folder/file", O_RDONLY)
        } throws: { error in
            (error as? FileError) == FileError(path: "/nonexistent-folder/file", operation: "open", code: ENOENT)
                && (error as? FileError)?.reason == "No such file or directory"
        }
    }

    @Test func aShortFileIsNotReadAsLongerThanItIs() throws {
        let base = try Fixture()
        let descriptor = try FileDescriptor.open(base.file("short", "abc"), O_RDONLY)
        defer { descriptor.closeQuietly() }
        #expect(try descriptor.read(exactly: 5) == nil)
    }

    @Test func readFailureSaysWhyAPathCannotBeRead() throws {
        let base = try Fixture()
        #expect(FileDescriptor.readFailure(of: base.path) == nil)
        #expect(FileDescriptor.readFailure(of: base.file("x", "1")) == nil)
        #expect(FileDescriptor.readFailure(of: base.path + "/missing")?.code == ENOENT)
    }
}
