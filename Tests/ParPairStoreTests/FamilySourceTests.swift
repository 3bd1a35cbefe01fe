import Foundation
import ParPairModel
import ParPairSample
import Testing
@testable import ParPairStore

/// Two stores read as one family: the merged stream, which log of a double entry counts, and that neither
/// depends on the order the stores are named.
@Suite struct FamilySourceTests {
    static let nora = Baby(id: UUID(uuidString: "A1A1A1A1-0000-4000-8000-000000000001")!, name: "Nora",
                           birthday: Date(timeIntervalSinceReferenceDate: 800_000_000), rowID: 1)
    static func at(_ minutes: Double) -> Date { nora.birthday.addingTimeInterval(86_400 + minutes * 60) }
    static func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", n))! }

    /// Store one: wet at 0, sleep 60-180. Store two: wet at 3 (double), wet at 20 (a second diaper), sleep 70-175 (double).
    static func stores(in folder: FixtureFolder) throws -> [String] {
        let first = try folder.folder("one") + "/default.store"
        let second = try folder.folder("two") + "/default.store"
        for (path, logs) in [
            (first, [LogRecord.diaper(DiaperLog(id: id(1), type: .wet, time: at(0), baby: .baby(id: nora.id), rowID: 1)),
                     .sleep(SleepLog(id: id(2), startTime: at(60), endTime: at(180), baby: .baby(id: nora.id), rowID: 1))]),
            (second, [.diaper(DiaperLog(id: id(11), type: .wet, time: at(3), baby: .baby(id: nora.id), rowID: 1)),
                      .diaper(DiaperLog(id: id(12), type: .wet, time: at(20), baby: .baby(id: nora.id), rowID: 2)),
                      .sleep(SleepLog(id: id(13), startTime: at(70), endTime: at(175), baby: .baby(id: nora.id), rowID: 1))]),
        ] {
            let writer = try StoreWriter(creatingAt: path)
            try writer.insert(nora)
            for log in logs { try writer.insert(log) }
            try writer.finish()
        }
        return [first, second]
    }

    static func read(_ paths: [String]) throws -> (stream: [UUID], kept: [UUID], dropped: [UUID]) {
        let readers = try paths.map { try StoreReader(path: $0) }
        defer { for reader in readers { reader.close() } }
        let family = try FamilySource(readers: readers, timeZone: TimeZone(identifier: "UTC")!)
        var stream: [UUID] = []
        try family.streamLogs { stream.append($0.id) }
        return (stream, family.crossPhoneDuplicates.map(\.kept.id), family.crossPhoneDuplicates.map(\.dropped.id))
    }

    @Test func theEarlierOfADoubleEntryCountsWhicheverOrderTheStoresComeIn() throws {
        let folder = try FixtureFolder()
        let paths = try Self.stores(in: folder)
        let forward = try Self.read(paths)
        // In time order: the wet diaper at 0 (its double at 3 left out), the second diaper at 20, the sleep from 60.
        #expect(forward.stream == [Self.id(1), Self.id(12), Self.id(2)])
        #expect(forward.kept == [Self.id(1), Self.id(2)])
        #expect(forward.dropped == [Self.id(11), Self.id(13)])
        let backward = try Self.read(paths.reversed())
        #expect(backward.stream == forward.stream && backward.kept == forward.kept && backward.dropped == forward.dropped)
    }

    /// A family closed once everything is read (the HTML report does, before its verdict) removes every phone's
    /// snapshot at once; what was read stays, and the owner's own close afterwards does nothing more.
    @Test func closingTheFamilyRemovesEveryPhonesSnapshot() throws {
        let folder = try FixtureFolder()
        let paths = try Self.stores(in: folder)
        let scratch = try folder.folder("scratch")
        let readers = try paths.map { try StoreReader(path: $0, scratchDirectory: scratch) }
        defer { for reader in readers { reader.close() } }
        let family: any LogSource = try FamilySource(readers: readers, timeZone: TimeZone(identifier: "UTC")!)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).count == 2)
        family.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)
        var stream: [UUID] = []
        try family.streamLogs { stream.append($0.id) }
        #expect(stream == [Self.id(1), Self.id(12), Self.id(2)])
        #expect(family.babies.map(\.name) == ["Nora"])
    }

    @Test func theSameStoreTwiceIsRefused() throws {
        let folder = try FixtureFolder()
        let path = try Self.stores(in: folder)[0]
        #expect(throws: FamilyError.samePhoneTwice(path)) { try Self.read([path, path]) }
    }
}
