import Foundation
import Platform
import Testing

/// `FileDescriptor.writeAll(utf8:)`: a string's UTF-8 reaches the file whole, whatever its storage.
extension FileDescriptorTests {
    private func written(_ text: String) throws -> [UInt8] {
        let base = try Fixture()
        let path = base.file("out.txt")
        let descriptor = try FileDescriptor.open(path, O_WRONLY | O_TRUNC)
        try descriptor.writeAll(utf8: text)
        try descriptor.close()
        return Array(FileManager.default.contents(atPath: path) ?? Data())
    }

    /// "é" is U+00E9, two bytes in UTF-8 (C3 A9); "€" U+20AC, three (E2 82 AC).
    @Test func aNativeStringIsWrittenAsItsUTF8() throws {
        #expect(try written("aé€\n") == [0x61, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0x0A])
        #expect(try written("") == [])
    }

    /// A bridged string (UTF-16 inside) is written as UTF-8 all the same.
    @Test func aBridgedStringIsWrittenAsItsUTF8() throws {
        let bridged = NSString(string: "é\u{1F600}") as String
        #expect(try written(bridged) == [0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80])
    }

    /// More than one write's worth: 200,000 bytes of a repeated pattern, every one in place.
    @Test func aLargeStringIsWrittenWhole() throws {
        let bytes = try written(String(repeating: "abcd", count: 50_000))
        #expect(bytes.count == 200_000)
        #expect(bytes.enumerated().allSatisfy { $0.element == [0x61, 0x62, 0x63, 0x64][$0.offset % 4] })
    }

    /// `read(upTo:at:)` reads where it is told and leaves the position alone: "0123456789" from byte 3 is "3456",
    /// from byte 8 only "89" remains, and a plain read afterwards still starts at "0".
    @Test func aPositionalReadLeavesThePositionAlone() throws {
        let base = try Fixture()
        let descriptor = try FileDescriptor.open(base.file("digits", "0123456789"), O_RDONLY)
        defer { descriptor.closeQuietly() }
        #expect(try descriptor.read(upTo: 4, at: 3) == Array("3456".utf8))
        #expect(try descriptor.read(upTo: 5, at: 8) == Array("89".utf8))
        #expect(try descriptor.read(upTo: 2, at: 10) == [])
        #expect(try descriptor.read(upTo: 0, at: 0) == [])
        #expect(try descriptor.read(exactly: 2) == Array("01".utf8))
    }
}

/// A folder's descriptor makes, looks at and removes names inside it, links not followed.
extension FileDescriptorTests {
    @Test func aFolderMakesLooksAtAndRemovesWhatIsInIt() throws {
        let base = try Fixture()
        let folder = try FileDescriptor.open(base.path, O_RDONLY | O_DIRECTORY)
        defer { folder.closeQuietly() }
        #expect(folder.status(of: "week") == nil, "nothing there yet")
        #expect(try folder.makeFolder(named: "week", shownAs: "week"))
        #expect(try !folder.makeFolder(named: "week", shownAs: "week"), "there already: not made again")
        #expect(folder.status(of: "week").map { $0.st_mode & S_IFMT } == S_IFDIR)
        #expect(symlink(POSIXFile.join(base.path, "week"), POSIXFile.join(base.path, "link")) == 0)
        #expect(folder.status(of: "link").map { $0.st_mode & S_IFMT } == S_IFLNK, "the link itself, not its folder")
        folder.removeEmptyFolder(named: "week")
        #expect(folder.status(of: "week") == nil)
        #expect(throws: FileError.self) { try folder.makeFolder(named: "no/such/parent", shownAs: "no/such/parent") }
    }
}
