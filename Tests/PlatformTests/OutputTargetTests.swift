import Foundation
import Platform
import Testing

/// How a path is written: a regular file replaced whole, keeping its mode; a FIFO or device written to, never
/// replaced; a folder refused.
@Suite struct OutputTargetTests {
    @Test func aFIFOIsWrittenToNotReplaced() throws {
        let base = try Fixture()
        let fifo = base.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let target = try OutputTarget.resolve(fifo)
        #expect(target == .device(path: fifo, kind: "named pipe"))
        #expect(!target.isReplaced)
        let reader = try FileDescriptor.open(fifo, O_RDONLY | O_NONBLOCK)
        defer { reader.closeQuietly() }
        try target.send(contentsOf: base.file("whole", "the whole output"), shownAs: fifo)
        #expect(try reader.read(exactly: 16) == Array("the whole output".utf8))
        var info = stat()
        #expect(lstat(fifo, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
        #expect(base.exists("pipe"))
    }

    @Test func aRegularFileBehindALinkIsReplacedKeepingItsMode() throws {
        let base = try Fixture()
        let file = base.file("report.csv", "old")
        #expect(chmod(file, 0o640) == 0)
        try FileManager.default.createSymbolicLink(atPath: base.path + "/latest.csv", withDestinationPath: "report.csv")
        let target = try OutputTarget.resolve(base.path + "/latest.csv")
        let existing = AtomicOutput.Existing(mode: 0o640, owner: getuid(), group: getgid())
        #expect(target == .file(path: file, existing: existing))
        #expect(target.isReplaced)
        let output = try AtomicOutput(replacing: file, existing: existing)
        try output.descriptor.writeAll(Array("new".utf8))
        try output.sync()
        try output.commit()
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new")
        var info = stat()
        #expect(stat(file, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o640)
        #expect(lstat(base.path + "/latest.csv", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func aNewFileIsReplacedWithNothingToKeep() throws {
        let base = try Fixture()
        #expect(try OutputTarget.resolve(base.path + "/new.csv") == .file(path: base.path + "/new.csv", existing: nil))
    }

    @Test func aFolderIsRefused() throws {
        let base = try Fixture()
        #expect(throws: FileError(path: base.path, operation: "choose how to write", code: EISDIR, reason: "a folder")) {
            try OutputTarget.resolve(base.path)
        }
    }

    @Test func aNewFileInAMissingFolderIsRefused() throws {
        let base = try Fixture()
        let folder = base.path + "/missing"
        #expect(throws: FileError(path: folder, operation: "choose how to write", code: ENOENT,
                                  reason: "the folder \(folder) does not exist")) {
            try OutputTarget.resolve(folder + "/report.csv")
        }
    }

    @Test func standardNamesAreDescriptorsAndDevNullIsADevice() throws {
        #expect(try OutputTarget.resolve("/dev/stdout") == .descriptor(1))
        #expect(try OutputTarget.resolve("/dev/stderr") == .descriptor(2))
        #expect(try OutputTarget.resolve("/dev/fd/7") == .descriptor(7))
        #expect(try OutputTarget.resolve("/dev/null") == .device(path: "/dev/null", kind: "character device"))
    }
}
