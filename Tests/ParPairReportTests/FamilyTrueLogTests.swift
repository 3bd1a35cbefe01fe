import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairSample
import ParPairStore
import Testing

/// A family's phones hold the true log between them: the sample's two babies, Mia's logs on Mom's phone and Léo's on
/// Dad's, every fifth of Mia's logs copied to Dad's phone two minutes later (some bottles without their amount) and
/// every fifteenth also to Nana's four minutes later (a chain over three phones), every sixth of Léo's bottles on
/// Mom's phone two minutes earlier without its amount (the one with the amount counts), and Dad's phone giving each
/// birth three hours later than Mom's and holding Mia's first three hours (the earliest birth counts, so they count). Read as a
/// family in every order of the phones and spelling of their paths, the weekly and daily tables are the true
/// store's, byte for byte: the expected figures come from the true store read alone, not from the family path.
@Suite struct FamilyTrueLogTests {
    static let options = SampleSettings.options()

    struct Family {
        let truth: String
        let phones: [String]
        let copies: Int
        /// Mia's logs of her first three hours, on Dad's phone.
        let firstHours: Int
    }

    static func make() throws -> Family {
        let folder = try FixtureFolder.make("family-true-log")
        let truth = folder + "/truth.store"
        try SampleStore.generate(to: truth, seed: 11, babies: 2, days: 40, wal: false)
        let contents = try StoreReader.withReader(path: truth) { try $0.readAll() }
        // The sample's Mia is born on its first logged day, Léo 60 days before: Mia's first hours are logged.
        let (leo, mia) = (contents.babies[0], contents.babies[1])
        #expect(leo.name == "Léo" && mia.name == "Mia")
        func alias(_ baby: Baby, _ n: UInt8, later: TimeInterval) -> Baby {
            Baby(id: UUID(uuid: (n, n, n, n, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, baby == mia ? 1 : 2)), name: baby.name,
                 birthday: baby.birthday.addingTimeInterval(later), rowID: baby.rowID)
        }
        let dadBabies = [alias(mia, 0xDA, later: 10_800), alias(leo, 0xDA, later: 10_800)]
        let momBabies = [leo, mia]
        let nanaBabies = [alias(mia, 0xAA, later: 0)]
        var mom: [LogRecord] = [], dad: [LogRecord] = [], nana: [LogRecord] = []
        var copies = 0
        func on(_ record: LogRecord, _ baby: Baby, shifted minutes: Double, dropAmount: Bool = false) -> LogRecord {
            let shift = minutes * 60
            var copy = record
            switch record {
            case .food(var log):
                log.id = UUID(); log.startTime += shift; log.endTime = log.endTime.map { $0 + shift }
                if dropAmount { log.amount = nil; log.feedingUnit = nil }
                copy = .food(log)
            case .sleep(var log): log.id = UUID(); log.startTime += shift; log.endTime = log.endTime.map { $0 + shift }; copy = .sleep(log)
            case .diaper(var log): log.id = UUID(); log.time += shift; copy = .diaper(log)
            case .activity(var log): log.id = UUID(); log.startTime += shift; log.endTime = log.endTime.map { $0 + shift }; copy = .activity(log)
            }
            copy.reassign(to: .baby(id: baby.id))
            copies += 1
            return copy
        }
        /// A log another phone can copy: a plausible time after the birth; a sleep that ended, of at least 30 minutes.
        func copyable(_ record: LogRecord, of baby: Baby) -> Bool {
            guard record.start.timeIntervalSinceReferenceDate.isFinite, record.start > baby.birthday.addingTimeInterval(10_800 + 600) else { return false }
            if case .sleep(let log) = record {
                guard let end = log.endTime, end.timeIntervalSince(log.startTime) >= 1800 else { return false }
            }
            return true
        }
        let logs: [LogRecord] = contents.foodLogs.map { .food($0) } + contents.sleepLogs.map { .sleep($0) }
            + contents.diaperLogs.map { .diaper($0) } + contents.activityLogs.map { .activity($0) }
        var miaIndex = 0, leoBottle = 0, firstHours = 0
        for record in logs {
            if record.baby.babyID == leo.id {
                var own = record
                own.reassign(to: .baby(id: dadBabies[1].id))
                dad.append(own)
                if case .food(let log) = record, log.amount != nil, copyable(record, of: leo) {
                    leoBottle += 1
                    if leoBottle % 6 == 0 { mom.append(on(record, leo, shifted: -2, dropAmount: true)) }
                }
                continue
            }
            // Mia's first three hours are on Dad's phone only, which gives her birth three hours later: they count because
            // the family's Mia is born at the earliest time a phone gives.
            if record.baby.babyID == mia.id, record.start < mia.birthday.addingTimeInterval(10_800) {
                var own = record
                own.reassign(to: .baby(id: dadBabies[0].id))
                dad.append(own)
                firstHours += 1
                continue
            }
            mom.append(record)  // Mia's, and the logs of no baby
            guard record.baby.babyID == mia.id, copyable(record, of: mia) else { continue }
            miaIndex += 1
            if miaIndex % 5 == 0 { dad.append(on(record, dadBabies[0], shifted: 2, dropAmount: miaIndex % 10 == 0)) }
            if miaIndex % 15 == 0 { nana.append(on(record, nanaBabies[0], shifted: 4)) }
        }
        var paths: [String] = []
        for (index, (babies, phoneLogs)) in [(momBabies, mom), (dadBabies, dad), (nanaBabies, nana)].enumerated() {
            let path = folder + "/phone\(index)/default.store"
            try FileManager.default.createDirectory(atPath: folder + "/phone\(index)", withIntermediateDirectories: true)
            // Mom's phone sorts first by identity, so the family knows each child by Mom's id, as the true store does.
            let uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(index + 1)))
            let writer = try StoreWriter(creatingAt: path, options: StoreWriter.Options(storeUUID: uuid))
            for baby in babies { try writer.insert(baby) }
            for log in phoneLogs { try writer.insert(log) }
            try writer.finish()
            paths.append(path)
        }
        return Family(truth: truth, phones: paths, copies: copies, firstHours: firstHours)
    }

    static func tables(_ requests: [StoreRequest]) throws -> [String] {
        try ["report.csv.mustache", "daily.csv.mustache"].map { name in
            let template = try ReportTemplate(builtIn: name)
            var options = options
            options.days = template.aggregationDays
            return try FamilySource.withSource(requests, timeZone: options.timeZone) { source in
                let result = try StoreAggregation.run(source: source, options: options)
                return try ReportRendering.render(result, format: .csv, template: template,
                                                  settings: ReportSettings(storeName: "default.store", toolVersion: ReportOutput.toolVersion))
            }
        }
    }

    @Test func theFamilyReadsAsTheTrueLogInEveryOrderAndSpelling() throws {
        let family = try Self.make()
        #expect(family.copies > 100 && family.firstHours >= 2, "\(family.copies) copies, \(family.firstHours) logs of the first hours")
        let truth = try Self.tables([StoreRequest(path: family.truth)])
        #expect(truth[0].split(separator: "\r\n").count > 10)
        for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2], [2, 0, 1]] {
            let requests = order.map { StoreRequest(path: family.phones[$0]) }
            let tables = try Self.tables(requests)
            #expect(tables[0] == truth[0], "weekly, phones \(order)")
            #expect(tables[1] == truth[1], "daily, phones \(order)")
        }
        // Spelled as folders, with a trailing slash, through a link.
        let link = (family.phones[1] as NSString).deletingLastPathComponent + "-link"
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: (family.phones[1] as NSString).deletingLastPathComponent)
        let spelled = [(family.phones[0] as NSString).deletingLastPathComponent + "/", link, family.phones[2]].map { StoreRequest(path: $0) }
        #expect(try Self.tables(spelled) == truth)
    }
}
