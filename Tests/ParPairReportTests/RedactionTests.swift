import Foundation
import ParPairAggregation
import ParPairModel
import ParPairStore
import ParPairSample
import Testing

/// `--redact` replaces each baby's name with initials in every format, the event export and the charts included.
@Suite struct RedactionTests {
    static let babies = [
        Baby(id: UUID(uuid: (0xCA, 0xFE, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)), name: "Zoë Quimby-Ashworth",
             birthday: Date(timeIntervalSince1970: 1_790_000_000)),  // 2026-09-21
        Baby(id: UUID(uuid: (0xCA, 0xFE, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 2)), name: "<b>Zoë & \"Annabel\"</b>",
             birthday: Date(timeIntervalSince1970: 1_791_000_000)),
    ]
    /// Parts of the names that no template, note or type spells.
    static let nameParts = ["Zoë", "Quimby", "Ashworth", "Annabel"]

    /// Two babies with two weeks of logs, an open sleep (a finding) and a note each.
    static let store: Result<String, any Error> = Result {
        let path = try FixtureFolder.make("redaction") + "/default.store"
        let writer = try StoreWriter(creatingAt: path)
        var number: UInt8 = 0
        func id() -> UUID {
            number &+= 1
            return UUID(uuid: (0xDE, 0xAD, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, number, 0))
        }
        let start = Date(timeIntervalSince1970: 1_792_500_000)  // 2026-10-20
        for baby in babies {
            try writer.insert(baby)
            for day in 0..<14 {
                let time = start.addingTimeInterval(Double(day) * 86_400)
                try writer.insert(FoodLog(id: id(), type: .formula, amount: 100, feedingUnit: .milliliters, startTime: time,
                                          notes: "a bottle", baby: .baby(id: baby.id)))
                try writer.insert(SleepLog(id: id(), startTime: time.addingTimeInterval(3600),
                                           endTime: day == 13 ? nil : time.addingTimeInterval(9000), baby: .baby(id: baby.id)))
                try writer.insert(DiaperLog(id: id(), type: .wet, time: time.addingTimeInterval(7200), baby: .baby(id: baby.id)))
            }
        }
        try writer.finish()
        return path
    }

    static var options: AggregationOptions {
        AggregationOptions(timeZone: SampleSettings.timeZone, today: CivilDate(year: 2026, month: 11, day: 2))
    }

    /// What a reader of the output sees: for HTML without the base64 text, with the decoded charts.
    static func visible(_ text: String, _ output: ReportOutput) -> String {
        output == .html ? DocumentChecks.readableText(text) : text
    }

    @Test(arguments: ReportOutput.allCases)
    func namesAppearNowhereWhenRedacted(_ output: ReportOutput) throws {
        let path = try Self.store.get()
        let plain = Self.visible(try output.render(store: path, options: Self.options), output)
        let redacted = Self.visible(try output.render(store: path, options: Self.options, redact: true), output)
        #expect(plain.contains("Quimby"), "without --redact the name is shown")
        for part in Self.nameParts {
            #expect(!redacted.contains(part), "\(part) in the redacted \(output)")
        }
        #expect(redacted.contains("Z. Q. A."), "the initials stand in")
    }

    @Test(arguments: ReportOutput.allCases)
    func sampleNamesAppearNowhereWhenRedacted(_ output: ReportOutput) throws {
        let options = SampleSettings.options(weeks: .last(2))
        let plain = Self.visible(try output.render(store: PackagePaths.sampleStore, options: options), output)
        let redacted = Self.visible(try output.render(store: PackagePaths.sampleStore, options: options, redact: true), output)
        for name in ["Mia", "Léo"] {
            #expect(plain.contains(name))
            #expect(!redacted.contains(name), "\(name) in the redacted \(output)")
        }
    }
}
