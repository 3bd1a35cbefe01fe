import Foundation
import ParPairModel
import SQLite
import Testing
@testable import ParPairStore
@testable import ParPairSample

@Suite struct SampleStoreTests {
    static let newYork = LifeCalendar(timeZone: TimeZone(identifier: "America/New_York")!)

    static func generate(_ folder: FixtureFolder, seed: UInt64 = 3, babies: Int = 2, days: Int = 80, wal: Bool = false,
                         name: String = "default.store") throws -> (SampleStore.Summary, StoreContents) {
        let path = folder.file(name)
        let summary = try SampleStore.generate(to: path, seed: seed, babies: babies, days: days, wal: wal)
        return (summary, try StoreFixtures.read(path))
    }

    @Test func theSameSeedGivesTheSameBytesAndLogs() throws {
        let folder = try FixtureFolder()
        let (_, first) = try Self.generate(folder, seed: 11, days: 20, wal: true, name: "a.store")
        let (_, second) = try Self.generate(folder, seed: 11, days: 20, wal: true, name: "b.store")
        #expect(first == second)
        #expect(try StoreFixtures.bytes(folder.file("a.store")) == StoreFixtures.bytes(folder.file("b.store")))
        let (_, other) = try Self.generate(folder, seed: 12, days: 20, wal: true, name: "c.store")
        #expect(other.foodLogs != first.foodLogs)
        #expect(other.babies.map(\.name) == first.babies.map(\.name))
    }

    @Test func theAnchorsAreFixed() throws {
        let folder = try FixtureFolder()
        let (summary, contents) = try Self.generate(folder, days: 30)
        #expect(summary.babies.map(\.name) == ["Mia", "Léo"])
        // Mia is born on the first logged day, Léo 60 days earlier; the last day is 2026-11-20.
        #expect(Self.newYork.civilDate(of: summary.babies[0].birthday) == CivilDate(year: 2026, month: 10, day: 22))
        #expect(Self.newYork.civilDate(of: summary.babies[1].birthday) == CivilDate(year: 2026, month: 8, day: 23))
        let starts = contents.foodLogs.map(\.startTime) + contents.diaperLogs.map(\.time)
        #expect(starts.map { Self.newYork.civilDate(of: $0) }.max() == CivilDate(year: 2026, month: 11, day: 20))
        #expect(starts.max()! < Self.newYork.instant(on: CivilDate(year: 2026, month: 11, day: 20), minutes: 21 * 60 + 30))
        #expect(summary.totalLogs == contents.logCount)
    }

    @Test func dailyCountsAreRealistic() throws {
        let folder = try FixtureFolder()
        let (summary, contents) = try Self.generate(folder)
        let mia = summary.babies[0], leo = summary.babies[1]
        func perDay<Log>(_ logs: [Log], _ baby: Baby, _ time: (Log) -> Date, _ babyOf: (Log) -> BabyReference,
                         ages: ClosedRange<Int>) -> [Int] {
            var counts = [Int: Int]()
            for log in logs where babyOf(log) == .baby(id: baby.id) {
                let age = Self.newYork.age(birthday: baby.birthday, at: time(log)).days
                if ages.contains(age) { counts[age, default: 0] += 1 }
            }
            return ages.map { counts[$0] ?? 0 }
        }
        let milk = contents.foodLogs.filter { $0.type != .solids }
        // A newborn (full days 1–13 of life): 8–12 feeds and 6–10 diapers a day on average.
        let newbornFeeds = perDay(milk, mia, \.startTime, \.baby, ages: 1...13)
        let newbornDiapers = perDay(contents.diaperLogs, mia, \.time, \.baby, ages: 1...13)
        #expect(newbornFeeds.allSatisfy { (7...14).contains($0) }, "\(newbornFeeds)")
        #expect((8.0...12.0).contains(Double(newbornFeeds.reduce(0, +)) / 13), "\(newbornFeeds)")
        #expect((6.0...11.0).contains(Double(newbornDiapers.reduce(0, +)) / 13), "\(newbornDiapers)")
        // Léo at 2–4 months: fewer, bigger feeds.
        let olderFeeds = perDay(milk, leo, \.startTime, \.baby, ages: 70...110)
        let olderDiapers = perDay(contents.diaperLogs, leo, \.time, \.baby, ages: 70...110)
        #expect((5.0...9.0).contains(Double(olderFeeds.reduce(0, +)) / 41), "\(olderFeeds)")
        #expect((5.5...10.0).contains(Double(olderDiapers.reduce(0, +)) / 41), "\(olderDiapers)")
        #expect(perDay(contents.sleepLogs, mia, \.startTime, \.baby, ages: 1...79).allSatisfy { $0 >= 4 })
        // Some night sleep crosses midnight.
        #expect(contents.sleepLogs.contains { sleep in
            guard let end = sleep.endTime, end > sleep.startTime else { return false }
            return Self.newYork.civilDate(of: end) != Self.newYork.civilDate(of: sleep.startTime) && end.timeIntervalSince(sleep.startTime) < 12 * 3600
        })
    }

    @Test func feedsMoveFromBreastToBottlesAndSolids() throws {
        let folder = try FixtureFolder()
        let (summary, contents) = try Self.generate(folder)
        let leo = summary.babies[1]
        let breast = contents.foodLogs.filter { $0.type == .breastfeeding }
        #expect(!breast.isEmpty && breast.allSatisfy { $0.amount == nil && $0.feedingUnit == nil })
        let bottles = contents.foodLogs.filter { $0.type == .formula || $0.type == .pumpedMilk }
        #expect(Set(bottles.compactMap(\.feedingUnit)) == [.milliliters, .ounces])
        #expect(Set(bottles.map(\.type)) == [.formula, .pumpedMilk])
        let solids = contents.foodLogs.filter { $0.type == .solids }
        #expect(!solids.isEmpty)
        #expect(solids.allSatisfy { $0.feedingUnit == .grams && $0.baby == .baby(id: leo.id) })
        #expect(solids.allSatisfy { Self.newYork.age(birthday: leo.birthday, at: $0.startTime).days >= 120 })
        #expect(Set(contents.activityLogs.map(\.type)).isSuperset(of: [.tummyTime, .bath, .play]))
        // Times typed by hand are whole minutes, timer times keep their milliseconds.
        let fractions = contents.foodLogs.map { $0.startTime.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 60) }
        #expect(fractions.contains(0) && fractions.contains { $0 != $0.rounded() })
    }

    @Test func itHoldsTheMistakesOfARealParent() throws {
        let folder = try FixtureFolder()
        let (summary, contents) = try Self.generate(folder)
        for baby in summary.babies {
            let mine = BabyReference.baby(id: baby.id)
            let feeds = contents.foodLogs.filter { $0.baby == mine }
            #expect(feeds.filter { ($0.endTime ?? .distantFuture) < $0.startTime }.count == 1, "a feed that ends before it starts")
            #expect(feeds.filter { $0.amount == 1200 && $0.feedingUnit == .ounces }.count == 1, "120 ml typed as 1200 oz")
            let twins = Dictionary(grouping: feeds) { "\($0.startTime.timeIntervalSinceReferenceDate) \($0.type) \($0.amount ?? -1)" }
            #expect(twins.values.filter { $0.count == 2 && Set($0.map(\.id)).count == 2 }.count == 1, "one feed logged twice")
            let sleeps = contents.sleepLogs.filter { $0.baby == mine }
            #expect(sleeps.filter { ($0.endTime?.timeIntervalSince($0.startTime) ?? 0) > 24 * 3600 }.count == 1, "a forgotten timer")
            #expect(sleeps.max { $0.startTime < $1.startTime }?.endTime == nil, "the newest sleep is still running")
            #expect(contents.activityLogs.filter { $0.baby == mine && $0.type == .tummyTime && $0.endTime == nil }.count == 1)
        }
        let notes = (contents.foodLogs.map(\.notes) + contents.sleepLogs.map(\.notes) + contents.diaperLogs.map(\.notes)
            + contents.activityLogs.map(\.notes)).filter { !$0.isEmpty }
        #expect((Double(notes.count) / Double(contents.logCount)) > 0.01 && (Double(notes.count) / Double(contents.logCount)) < 0.06)
        #expect(notes.contains { $0.contains(",") } && notes.contains { $0.contains("\"") })
        #expect(notes.contains { !$0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func withWALTheLastDayStaysInTheWAL() throws {
        let folder = try FixtureFolder()
        let (summary, contents) = try Self.generate(folder, days: 20, wal: true)
        #expect(try folder.listing() == ["default.store", "default.store-wal"])
        #expect(summary.logsInWAL > 10)
        let mainOnly = try folder.folder("main-only")
        try FileManager.default.copyItem(atPath: folder.store, toPath: mainOnly + "/default.store")
        let older = try StoreFixtures.read(mainOnly)
        #expect(older.logCount + summary.logsInWAL == contents.logCount)
        let olderIDs = Set(older.foodLogs.map(\.id) + older.sleepLogs.map(\.id) + older.diaperLogs.map(\.id) + older.activityLogs.map(\.id))
        let walStarts = contents.foodLogs.filter { !olderIDs.contains($0.id) }.map(\.startTime)
            + contents.diaperLogs.filter { !olderIDs.contains($0.id) }.map(\.time)
        #expect(!walStarts.isEmpty)
        #expect(walStarts.allSatisfy { Self.newYork.civilDate(of: $0) == SampleStore.lastDay })
        let info = try StoreReader.withReader(path: folder.store) { try $0.info() }
        #expect((info.wal?.transactions ?? 0) > summary.logsInWAL)  // one save per log, plus Z_MAX
    }

    @Test func withoutWALThereIsOnlyTheStore() throws {
        let folder = try FixtureFolder()
        _ = try Self.generate(folder, babies: 1, days: 3)
        #expect(try folder.listing() == ["default.store"])
    }

    @Test func argumentsOutOfRangeAndExistingFilesAreRefused() throws {
        let folder = try FixtureFolder()
        #expect(StoreFixtures.storeError { try SampleStore.generate(to: folder.store, seed: 1, babies: 0, days: 3, wal: false) }?.kind == .cannotCreate)
        #expect(StoreFixtures.storeError { try SampleStore.generate(to: folder.store, seed: 1, babies: 1, days: 0, wal: false) }?.kind == .cannotCreate)
        _ = try Self.generate(folder, babies: 1, days: 2)
        #expect(StoreFixtures.storeError { try SampleStore.generate(to: folder.store, seed: 1, babies: 1, days: 2, wal: false) }
                == .outputExists(folder.store))
    }

    @Test func thePerCaseLayoutCanBeGenerated() throws {
        let folder = try FixtureFolder()
        try SampleStore.generate(to: folder.file("a.store"), seed: 5, babies: 1, days: 5, wal: false, enumStyle: .perCase)
        try SampleStore.generate(to: folder.file("b.store"), seed: 5, babies: 1, days: 5, wal: false)
        #expect(try StoreFixtures.read(folder.file("a.store")) == StoreFixtures.read(folder.file("b.store")))
        #expect(try StoreReader.withReader(path: folder.file("a.store")) { $0.enumLayouts["ZFOODLOG"]?["type"] } == .perCase)
    }

    /// The committed sample is exactly what its documented command writes.
    @Test func theCommittedSampleMatchesItsCommand() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples").path
        let folder = try FixtureFolder()
        let (summary, regenerated) = try Self.generate(folder, seed: 1, babies: 2, days: 90, wal: true)
        let committed = try StoreFixtures.read(samples)
        #expect(committed == regenerated)
        #expect(try StoreFixtures.bytes(samples + "/default.store") == StoreFixtures.bytes(folder.store))
        #expect(summary.totalLogs == committed.logCount)
        #expect(FileManager.default.fileExists(atPath: samples + "/default.store-wal"))
        #expect(!FileManager.default.fileExists(atPath: samples + "/default.store-shm"))
    }
}
