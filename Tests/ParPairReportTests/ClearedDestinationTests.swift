import Foundation
import Testing
@testable import ParPairReport

/// The report command checks its output against each store before anything else (`OutputFile.cleared`), and
/// the job it hands the output to does not check the same store again; any other store it still checks.
@Suite struct ClearedDestinationTests {
    @Test func aDestinationIsCheckedOnceAStore() throws {
        let folder = try FixtureFolder.make("cleared")
        let store = folder + "/default.store", other = folder + "/other.store"
        for file in [store, other] { #expect(FileManager.default.createFile(atPath: file, contents: Data())) }

        // A destination on a store's own file is refused by both, with the same error.
        let onWAL = OutputFile(path: store + "-wal")
        #expect(throws: DeliveryError.protected(label: "--output", path: store + "-wal")) { _ = try onWAL.cleared(of: store, label: "--output") }
        #expect(throws: DeliveryError.protected(label: "--output", path: store + "-wal")) {
            try onWAL.refuseProtectedFiles(of: store, label: "--output")
        }

        // Cleared for one store: a link to that store's journal made afterwards is not looked at again for it
        // (the command's check, a moment before, is the one that counts), but is for the other store's.
        let report = folder + "/report.html"
        let cleared = try OutputFile(path: report).cleared(of: store, label: "--output")
        #expect(cleared.clearedStores == [store])
        try FileManager.default.createSymbolicLink(atPath: report, withDestinationPath: other + "-journal")
        try cleared.refuseProtectedFiles(of: store, label: "--output")
        #expect(throws: DeliveryError.protected(label: "--output", path: report)) { try cleared.refuseProtectedFiles(of: other, label: "--output") }
        #expect(throws: DeliveryError.protected(label: "--output", path: report)) {
            try OutputFile(path: report).refuseProtectedFiles(of: other, label: "--output")
        }
    }
}
