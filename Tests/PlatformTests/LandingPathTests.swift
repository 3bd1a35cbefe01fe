import Foundation
import Platform
import Testing

@Suite struct LandingPathTests {
    @Test func aChainOfLinksLandsOnItsLastTarget() throws {
        let base = try Fixture()
        let real = try #require(LandingPath.realPath(base.path))
        _ = base.file("report.html")
        try FileManager.default.createSymbolicLink(atPath: base.path + "/second", withDestinationPath: "report.html")
        try FileManager.default.createSymbolicLink(atPath: base.path + "/first", withDestinationPath: base.path + "/second")
        #expect(try LandingPath.landing(of: base.path + "/first") == real + "/report.html")
        let end = try LandingPath.followLinks(base.path + "/first")
        #expect(end.path == base.path + "/report.html")
        #expect(end.status != nil)
    }

    @Test func aDanglingLinkLandsWhereItPointsAndNothingIsThere() throws {
        let base = try Fixture()
        try FileManager.default.createSymbolicLink(atPath: base.path + "/link", withDestinationPath: "new.csv")
        let end = try LandingPath.followLinks(base.path + "/link")
        #expect(end.path == base.path + "/new.csv")
        #expect(end.status == nil)
    }

    @Test func aLoopIsReportedNotFollowedForever() throws {
        let base = try Fixture()
        try FileManager.default.createSymbolicLink(atPath: base.path + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: base.path + "/b", withDestinationPath: "a")
        let loop = FileError(path: base.path + "/a", operation: "follow", code: ELOOP, reason: "more than 40 symbolic links (a loop?)")
        #expect(throws: loop) {
            try LandingPath.followLinks(base.path + "/a")
        }
    }

    @Test func stopEndsAtTheTargetItAccepts() throws {
        let base = try Fixture()
        try FileManager.default.createSymbolicLink(atPath: base.path + "/out", withDestinationPath: "/dev/stdout")
        let end = try LandingPath.followLinks(base.path + "/out") { $0 == "/dev/stdout" }
        #expect(end.stoppedAt == "/dev/stdout")
        #expect(end.path == base.path + "/out")
    }

    @Test func aLinkOutOfAFolderDoesNotLandInsideIt() throws {
        let base = try Fixture()
        let inside = base.path + "/inside"
        try FileManager.default.createDirectory(atPath: inside, withIntermediateDirectories: false)
        _ = base.file("outside.txt")
        try FileManager.default.createSymbolicLink(atPath: inside + "/escape", withDestinationPath: "../outside.txt")
        #expect(try LandingPath.landsInside(inside + "/new/file.csv", folder: inside))
        #expect(try !LandingPath.landsInside(inside + "/escape", folder: inside))
        #expect(try LandingPath.landsInside(base.path + "/inside/../inside/x", folder: inside))
    }
}
