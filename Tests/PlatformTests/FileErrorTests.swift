import Foundation
import Platform
import Testing

/// Platform's refusals and failures are one ``FileError``: the path, the operation, `errno` and the reason a user reads.
@Suite struct FileErrorTests {
    @Test func aFolderIsNoPersonalFile() throws {
        let base = try Fixture()
        #expect(throws: FileError(path: base.path, operation: "read", code: EISDIR, reason: "it is a folder, not a file")) {
            try PersonalFile(base.path, limit: 16)
        }
    }

    @Test func aMissingPersonalFileIsMissing() throws {
        let base = try Fixture()
        let missing = base.path + "/family.conf"
        #expect(throws: FileError(path: missing, operation: "read", code: ENOENT, reason: "no such file")) {
            try PersonalFile(missing, limit: 16)
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let base = try Fixture()
        let fifo = base.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FileError(path: fifo, operation: "read", code: EINVAL, reason: "it is a FIFO (named pipe), not a regular file")) {
            try PersonalFile(fifo, limit: 16)
        }
    }

    @Test func aPasswordFileGivesItsFirstLineOrSaysWhyNot() throws {
        let base = try Fixture()
        let good = base.file("good", "s3cret\r\nsecond line\n")
        #expect(try PasswordFile.firstLine(of: good, warn: { _ in }) == Array("s3cret".utf8))
        let blank = base.file("blank", "\nsecond line\n")
        #expect(throws: FileError(path: blank, operation: "read", code: EINVAL, reason: "its first line is empty")) {
            try PasswordFile.firstLine(of: blank, warn: { _ in })
        }
    }

    @Test func aCopyNamesTheSideThatFailed() throws {
        let base = try Fixture()
        let source = base.file("source", "twelve bytes")
        let copy = base.path + "/copy"
        #expect(try FileCopy.copy(from: source, to: copy) == 12)
        // The destination exists now: a copy never replaces a file.
        #expect(throws: FileError(path: copy, operation: "open", code: EEXIST)) { try FileCopy.copy(from: source, to: copy) }
        let missing = base.path + "/missing"
        #expect(throws: FileError(path: missing, operation: "open", code: ENOENT)) {
            try FileCopy.copy(from: missing, to: base.path + "/other")
        }
    }
}
