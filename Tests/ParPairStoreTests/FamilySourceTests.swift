import Foundation
import ParPairModel
import ParPairSample
import Testing
@testable import ParPairStore

/// Several stores read as one family: the merged stream, which log of an event logged on several phones counts,
/// the babies matched across phones, and that none of it depends on the order or spelling the stores are named in.
@Suite struct FamilySourceTests {
    static let nora = Baby(id: UUID(uuidString: "A1A1A1A1-0000-4000-8000-000000000001")!, name: "Nora",
                           birthday: Date(timeIntervalSinceReferenceDate: 800_000_000), rowID: 1)
    static func at(_ minutes: Double) -> Date { nora.birthday.addingTimeInterval(86_400 + minutes * 60) }
    static func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", n))! }
    static func wet(_ n: Int, _ minutes: Double, row: Int64) -> LogRecord {
        .diaper(DiaperLog(id: id(n), type: .wet, time: at(minutes), baby: .baby(id: nora.id), rowID: row))
    }
    static func bottle(_ n: Int, _ minutes: Double, _ amount: Double?, row: Int64) -> LogRecord {
        .food(FoodLog(id: id(n), type: .formula, amount: amount, feedingUnit: amount == nil ? nil : .milliliters,
                      startTime: at(minutes), baby: .baby(id: nora.id), rowID: row))
    }

    /// Writes one store per phone (each with its own `NSStoreUUID`, as every real store has), each holding `babies`.
    static func stores(_ phones: [[LogRecord]], babies: [[Baby]]? = nil, in folder: FixtureFolder) throws -> [String] {
        try phones.enumerated().map { index, logs in
            let path = try folder.folder("phone\(index)") + "/default.store"
            let writer = try StoreWriter(creatingAt: path)
            for baby in babies?[index] ?? [nora] { try writer.insert(baby) }
            for log in logs { try writer.insert(log) }
            try writer.finish()
            return path
        }
    }

    /// Store one: wet at 0, sleep 60-180. Store two: wet at 3 (a copy), wet at 20 (a second diaper), sleep 70-175 (a copy).
    static let twoPhones: [[LogRecord]] = [
        [wet(1, 0, row: 1), .sleep(SleepLog(id: id(2), startTime: at(60), endTime: at(180), baby: .baby(id: nora.id), rowID: 1))],
        [wet(11, 3, row: 1), wet(12, 20, row: 2),
         .sleep(SleepLog(id: id(13), startTime: at(70), endTime: at(175), baby: .baby(id: nora.id), rowID: 1))],
    ]

    struct Read: Equatable {
        var counted: [UUID] = []
        /// Each copy with the log that counts in its place.
        var copies: [[UUID]] = []
        var stream: [UUID] = []
    }

    static func read(_ paths: [String]) throws -> Read {
        let readers = try paths.map { try StoreReader(path: $0) }
        defer { for reader in readers { reader.close() } }
        let family = try FamilySource(readers: readers, timeZone: TimeZone(identifier: "UTC")!)
        var read = Read()
        try family.streamLogs { log in
            read.stream.append(log.record.id)
            if let counted = log.copyOf { read.copies.append([log.record.id, counted]) } else { read.counted.append(log.record.id) }
        }
        return read
    }

    @Test func theEarlierOfACopyCountsWhicheverOrderTheStoresComeIn() throws {
        let folder = try FixtureFolder()
        let paths = try Self.stores(Self.twoPhones, in: folder)
        let forward = try Self.read(paths)
        // In time order: the wet diaper at 0 and its copy at 3, the second diaper at 20, the sleep from 60 and its copy from 70.
        #expect(forward.stream == [Self.id(1), Self.id(11), Self.id(12), Self.id(2), Self.id(13)])
        #expect(forward.counted == [Self.id(1), Self.id(12), Self.id(2)])
        #expect(forward.copies == [[Self.id(11), Self.id(1)], [Self.id(13), Self.id(2)]])
        #expect(try Self.read(paths.reversed()) == forward)
    }

    /// A diaper logged on three phones within five minutes is one diaper; a fourth log eight minutes after the first
    /// matches the second phone's but not the first's, so it is an event of its own.
    @Test func anEventOnThreePhonesCountsOnceAndEveryPairMustMatch() throws {
        let folder = try FixtureFolder()
        let paths = try Self.stores([
            [Self.wet(1, 0, row: 1)],
            [Self.wet(2, 2, row: 1), Self.wet(4, 100, row: 2)],
            [Self.wet(3, 4, row: 1), Self.wet(5, 108, row: 2)],
        ], in: folder)
        let read = try Self.read(paths)
        #expect(read.counted == [Self.id(1), Self.id(4), Self.id(5)])
        #expect(read.copies == [[Self.id(2), Self.id(1)], [Self.id(3), Self.id(1)]])
        for order in [[2, 0, 1], [1, 2, 0]] { #expect(try Self.read(order.map { paths[$0] }) == read) }
    }

    /// A bottle logged without an amount and the same bottle with 120 ml on the other phone two minutes later: one
    /// feed, and the one with the amount counts.
    @Test func ofABottleAndItsCopyWithoutAnAmountTheOneWithTheAmountCounts() throws {
        let folder = try FixtureFolder()
        let paths = try Self.stores([[Self.bottle(1, 0, nil, row: 1)], [Self.bottle(2, 2, 120, row: 1)]], in: folder)
        let read = try Self.read(paths)
        #expect(read.counted == [Self.id(2)])
        #expect(read.copies == [[Self.id(1), Self.id(2)]])
        #expect(read.stream == [Self.id(1), Self.id(2)])
        #expect(try Self.read(paths.reversed()) == read)
    }

    /// A log joins at most one log of each other phone: two diapers a minute apart on one phone and one on the other
    /// are two diapers, one of them logged on both.
    @Test func aLogPairsWithAtMostOneLogOfEachOtherPhone() throws {
        let folder = try FixtureFolder()
        let paths = try Self.stores([[Self.wet(1, 0, row: 1)], [Self.wet(2, 1, row: 1), Self.wet(3, 2, row: 2)]], in: folder)
        let read = try Self.read(paths)
        #expect(read.counted == [Self.id(1), Self.id(3)])
        #expect(read.copies == [[Self.id(2), Self.id(1)]])
    }

    /// A family closed once everything is read (the HTML report does, before its verdict) removes every phone's
    /// snapshot at once, and the owner's own close afterwards does nothing more.
    @Test func closingTheFamilyRemovesEveryPhonesSnapshot() throws {
        let folder = try FixtureFolder()
        let paths = try Self.stores(Self.twoPhones, in: folder)
        let scratch = try folder.folder("scratch")
        let readers = try paths.map { try StoreReader(path: $0, scratchDirectory: scratch) }
        defer { for reader in readers { reader.close() } }
        let family: any LogSource = try FamilySource(readers: readers, timeZone: TimeZone(identifier: "UTC")!)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).count == 2)
        #expect(family.babies.map(\.name) == ["Nora"])
        family.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)
    }

    /// The same store named twice, whatever the spelling (a trailing slash on its folder, a relative path, a link),
    /// is one phone named twice, and both spellings are named.
    @Test func theSamePhoneInAnySpellingIsRefused() throws {
        let folder = try FixtureFolder()
        let path = try Self.stores(Self.twoPhones, in: folder)[0]
        let directory = (path as NSString).deletingLastPathComponent
        let link = folder.path + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory)
        for spelling in [path, directory + "/", link] {
            let requests = [StoreRequest(path: path), StoreRequest(path: spelling)]
            #expect(throws: FamilyError.samePhoneTwice(path, spelling, newer: nil)) {
                try FamilySource.withSource(requests, timeZone: TimeZone(identifier: "UTC")!) { _ in }
            }
        }
        // A copy of the store is the same store too (its NSStoreUUID), though it is another file.
        let copy = try folder.folder("copy") + "/default.store"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(throws: FamilyError.samePhoneTwice(path, copy, newer: nil)) {
            try FamilySource.withSource([StoreRequest(path: path), StoreRequest(path: copy)], timeZone: TimeZone(identifier: "UTC")!) { _ in }
        }
    }

    /// Two phones that recorded the birth at different times: the family's child is born at the earliest, so a log
    /// between the two times counts, and the notes name both times.
    @Test func theBirthIsTheEarliestThePhonesGive() throws {
        let later = Baby(id: Self.id(99), name: "nora ", birthday: Self.nora.birthday.addingTimeInterval(3 * 3600), rowID: 1)
        let folder = try FixtureFolder()
        let early = Self.nora.birthday.addingTimeInterval(3600)
        let paths = try Self.stores([[], [.diaper(DiaperLog(id: Self.id(1), type: .wet, time: early, baby: .baby(id: later.id), rowID: 1))]],
                                    babies: [[Self.nora], [later]], in: folder)
        for order in [paths, paths.reversed()] {
            let readers = try order.map { try StoreReader(path: $0) }
            defer { for reader in readers { reader.close() } }
            let family = try FamilySource(readers: readers, timeZone: TimeZone(identifier: "UTC")!)
            #expect(family.babies.count == 1)
            #expect(family.babies.first?.birthday == Self.nora.birthday)
            let births = family.matchNotes.compactMap { note -> [Date]? in
                guard case .birthTimes(_, let times) = note else { return nil }
                return times.map(\.time).sorted()
            }
            #expect(births == [[Self.nora.birthday, later.birthday]], "\(family.matchNotes)")
            var babiesOfLogs: [UUID?] = []
            try family.streamLogs { babiesOfLogs.append($0.record.baby.babyID) }
            #expect(babiesOfLogs == [family.babies.first?.id])
        }
    }

    /// Twins of one name on one phone cannot be matched by name to the other phone's baby of that name: refused,
    /// whichever order the phones come in, with what to do.
    @Test func twinsOfOneNameAreRefusedInAnyOrder() throws {
        let twin = Baby(id: Self.id(98), name: "Nora", birthday: Self.nora.birthday, rowID: 2)
        let other = Baby(id: Self.id(97), name: "NORA", birthday: Self.nora.birthday, rowID: 1)
        let folder = try FixtureFolder()
        let paths = try Self.stores([[], []], babies: [[Self.nora, twin], [other]], in: folder)
        for order in [paths, paths.reversed()] {
            let readers = try order.map { try StoreReader(path: $0) }
            defer { for reader in readers { reader.close() } }
            #expect {
                try FamilySource(readers: readers, timeZone: TimeZone(identifier: "UTC")!)
            } throws: { error in
                guard case FamilyError.namesakes("Nora", _, "2026-05-09", 2) = error else { return false }
                return "\(error)".contains("--device")
            }
        }
    }

    /// A phone's thread tells the merge how many logs of each baby to wait for: the scan for late rows counts them on
    /// its way, as SQLite's count per baby does.
    @Test func theScanForLateRowsCountsEachBabysRows() throws {
        let ben = Baby(id: Self.id(99), name: "Ben", birthday: Self.nora.birthday, rowID: 2)
        func wet(_ n: Int, _ minutes: Double, _ baby: BabyReference) -> LogRecord {
            .diaper(DiaperLog(id: Self.id(n), type: .wet, time: Self.at(minutes), baby: baby, rowID: Int64(n)))
        }
        // Nora: 0, 20 and 10 (a late row); Ben: 5 and 1 (a late row); one diaper of no baby.
        let logs = [wet(1, 0, .baby(id: Self.nora.id)), wet(2, 20, .baby(id: Self.nora.id)), wet(3, 5, .baby(id: ben.id)),
                    wet(4, 10, .baby(id: Self.nora.id)), wet(5, 1, .baby(id: ben.id)), wet(6, 2, .none)]
        let folder = try FixtureFolder()
        let path = try Self.stores([logs], babies: [[Self.nora, ben]], in: folder)[0]
        let reader = try StoreReader(path: path)
        defer { reader.close() }
        let late = try reader.lateRows(of: .diaper, progressEvery: .max) {}
        #expect(late.rowsPerBaby == [Self.nora.id: 3, ben.id: 2])
        #expect(try reader.logCounts(of: .diaper) == [Self.nora.id: 3, ben.id: 2])
        var read: [UUID] = []
        try reader.forEachRecord(of: .diaper, order: .startTimePerBaby, lateRows: late) { record, _ in read.append(record.id) }
        #expect(read.filter { [1, 2, 4].map(Self.id).contains($0) } == [Self.id(1), Self.id(4), Self.id(2)])
        #expect(read.filter { [3, 5].map(Self.id).contains($0) } == [Self.id(5), Self.id(3)])
    }

    /// What a sink was given: the tables in the order they began, and the logs of each, counted only while it was open.
    final class TableOrderSink: LogSink {
        var begun: [LogKind] = []
        var open: Set<LogKind> = []
        var logs: [LogKind: Int] = [:]
        var outsideATable = 0

        func beginTable(_ kind: LogKind, expectedLogs: Int) { begun.append(kind); open.insert(kind) }
        func finishTable(_ kind: LogKind) { open.remove(kind) }
        func add(_ record: LogRecord) { take(record.kind) }
        func add(_ log: FoodLog) { take(.food) }
        func add(_ log: SleepLog) { take(.sleep) }
        func add(_ log: DiaperLog) { take(.diaper) }
        func add(_ log: ActivityLog) { take(.activity) }
        func addCopy(_ copy: FamilyLog) { Issue.record("these phones hold no copies") }
        func setPhone(_ phone: Int) {}

        private func take(_ kind: LogKind) {
            if !open.contains(kind) { outsideATable += 1 }
            logs[kind, default: 0] += 1
        }
    }

    /// Several phones' tables are merged smallest first (the merge waits for each phone's scan of a table before its
    /// first log), ties in the kinds' order, each table whole.
    @Test func aFamilysTablesAreMergedSmallestFirst() throws {
        func logs(food: Int, sleep: Int, diaper: Int, activity: Int, from first: Int) -> [LogRecord] {
            var n = first
            func next() -> (UUID, Date) { n += 1; return (Self.id(n), Self.at(Double(n) * 11)) }
            let nora = BabyReference.baby(id: Self.nora.id)
            return (0..<food).map { _ in let (id, at) = next(); return .food(FoodLog(id: id, type: .breastfeeding, startTime: at, baby: nora)) }
                + (0..<sleep).map { _ in let (id, at) = next(); return .sleep(SleepLog(id: id, startTime: at, endTime: at + 60, baby: nora)) }
                + (0..<diaper).map { _ in let (id, at) = next(); return .diaper(DiaperLog(id: id, type: .wet, time: at, baby: nora)) }
                + (0..<activity).map { _ in let (id, at) = next(); return .activity(ActivityLog(id: id, type: .tummyTime, startTime: at, baby: nora)) }
        }
        // In all: 6 feeds, 2 sleeps, 4 diapers, 2 activities; the phones' starts are hours apart, so nothing is a copy.
        let folder = try FixtureFolder()
        let paths = try Self.stores([logs(food: 5, sleep: 1, diaper: 3, activity: 0, from: 0),
                                     logs(food: 1, sleep: 1, diaper: 1, activity: 2, from: 100)], in: folder)
        let sink = TableOrderSink()
        try FamilySource.withSource(paths.map { StoreRequest(path: $0) }, timeZone: TimeZone(identifier: "UTC")!) { family in
            _ = try family.readTables(order: .startTimePerBaby, wanted: { _ in true }, countingRepeatedIDs: true, into: sink)
        }
        #expect(sink.begun == [.sleep, .activity, .diaper, .food])
        #expect(sink.logs == [.food: 6, .sleep: 2, .diaper: 4, .activity: 2])
        #expect(sink.outsideATable == 0 && sink.open.isEmpty)
    }

    /// A phone's reading thread finds each baby's family id and place by looking through a few babies, or in a
    /// dictionary for many: both find the same, and nothing for a baby the phone does not have.
    @Test(arguments: [3, FamilySource.PhoneMerge.fewBabies, FamilySource.PhoneMerge.fewBabies + 1, 40])
    func aPhonesBabiesAreFoundInTheFamilyHoweverMany(count: Int) {
        let ids = (0..<count).map { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", $0 + 1))! }
        // Every other baby is known by another id in the family; places count down from the end.
        let known = Dictionary(uniqueKeysWithValues: ids.enumerated().map { index, id in
            (id, (id: index % 2 == 0 ? id : UUID(uuidString: String(format: "FFFFFFFF-0000-4000-8000-%012X", index + 1))!,
                  place: Int32(count - 1 - index)))
        })
        let merge = FamilySource.PhoneMerge(babies: known, familySize: count)
        for (index, id) in ids.enumerated() {
            let found = merge.family(of: id)
            #expect(found?.place == Int32(count - 1 - index))
            #expect(found?.id == (index % 2 == 0 ? id : UUID(uuidString: String(format: "FFFFFFFF-0000-4000-8000-%012X", index + 1))!))
        }
        #expect(merge.family(of: UUID(uuidString: "EEEEEEEE-0000-4000-8000-000000000000")!) == nil)
    }
}
