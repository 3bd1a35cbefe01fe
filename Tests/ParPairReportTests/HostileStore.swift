import Foundation
import ParPairModel
import ParPairStore
import ParPairSample

/// A store in the real layout whose names, notes and enum values are written to break documents:
/// markup, CSV formulas, Markdown syntax, control characters, right-to-left overrides, a 100 KB note.
enum HostileStore {
    static let today = CivilDate(year: 2026, month: 11, day: 20)
    static let timeZone = SampleSettings.timeZone

    /// Every control character U+0001…U+001F, between letters.
    static let controlCharacters = "ctl" + String(String.UnicodeScalarView((1...0x1F).compactMap(Unicode.Scalar.init))) + "end"

    static let names = [
        "<b>Zoë & \"Ann\"</b>",
        "<script>alert(1)</script>",
        "=cmd|' /C calc'!A0",
        "+SUM(1)",
        "@foo",
        "-2+3",
        "| a | b |",
        "# heading *bold* `tick` ```fence```",
        "مرحبا \u{202E}gnp.exe 👶🏽",
        "Baby " + controlCharacters,
        "</td></tr></table><h1>x",
    ]

    /// A note of about 100 KB, with every character that needs quoting or escaping somewhere in it.
    static let longNote: String = {
        let piece = "long note, \"quoted\" | pipe <tag> & *star* `tick` \r\n# line =1+1\t"
        return String(repeating: piece, count: 100_000 / piece.utf8.count + 1)
    }()

    static let notes = [
        "<script>alert(1)</script>",
        "</td></tr>",
        controlCharacters,
        "=cmd|' /C calc'!A0",
        "+SUM(1)",
        "@foo",
        "-2+3",
        "| a | b |",
        "# heading",
        "*bold*",
        "`code` and ```fence```",
        "emoji 👶🏽🍼😴",
        "مرحبا \u{202E}txt.exe",
        "\"<img src=x>\"",
        " =1+1",
        "\t=1",
        "-3",
        "first line\r\nsecond line\n# not a heading\r- not a list",
        longNote,
    ]

    /// Enum text no app version writes; each ends up in a finding's reason.
    static let unknownFoodType = "\"<img src=x>\""
    static let unknownFeedingUnit = "</td></tr>"
    static let unknownDiaperType = "=cmd|' /C calc'!A0"
    static let unknownActivityTypes = ["| a | b |", "<script>alert(1)</script>", "x" + controlCharacters]

    static func babyID(_ index: Int) -> UUID {
        UUID(uuid: (0xB0, 0xB0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(index)))
    }

    /// A log id: `kind` tells the tables apart, `number` counts within one.
    static func logID(_ kind: UInt8, _ number: Int) -> UUID {
        UUID(uuid: (0x10, kind, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, UInt8(number >> 16 & 0xFF), UInt8(number >> 8 & 0xFF), UInt8(number & 0xFF)))
    }

    static var babies: [Baby] {
        let calendar = Calendar.newYork
        return names.enumerated().map { index, name in
            // Born 2026-10-20 at 08:00 + index hours, New York time: a month old on "today".
            let birthday = calendar.date(from: DateComponents(year: 2026, month: 10, day: 20, hour: 8 + index)) ?? Date()
            return Baby(id: babyID(index), name: name, birthday: birthday)
        }
    }

    /// A written store and what went into it.
    struct Written: Sendable {
        var path: String
        /// Every log's note and type text as written, by log id, for round-trip checks.
        var notes: [UUID: String]
        var types: [UUID: String]
    }

    /// The store, written once per test process.
    static let store: Result<Written, any Error> = Result {
        let folder = try FixtureFolder.make("hostile")
        return try write(at: folder + "/default.store")
    }

    /// Writes the store: for each baby, 12 days with a breastfeed, a bottle, a sleep, a diaper and
    /// tummy time, notes cycling through `notes`; unknown enum values; two orphans.
    static func write(at path: String) throws -> Written {
        let writer = try StoreWriter(creatingAt: path)
        let calendar = Calendar.newYork
        var notes: [UUID: String] = [:]
        var types: [UUID: String] = [:]
        var noteIndex = 0
        func nextNote() -> String {
            defer { noteIndex += 1 }
            return Self.notes[noteIndex % Self.notes.count]
        }
        var counter = 0
        func id(_ kind: UInt8) -> UUID {
            counter += 1
            return logID(kind, counter)
        }
        for baby in babies {
            try writer.insert(baby)
            for offset in 0..<12 {
                guard let day = calendar.date(from: DateComponents(year: 2026, month: 11, day: 9 + offset, hour: 0)) else { continue }
                func at(_ hours: Double) -> Date { day.addingTimeInterval(hours * 3600) }
                let feed = FoodLog(id: id(1), type: .breastfeeding, startTime: at(6), endTime: at(6.3), notes: nextNote(),
                                   baby: .baby(id: baby.id))
                let bottle = FoodLog(id: id(1), type: .formula, amount: 90, feedingUnit: .milliliters, startTime: at(10),
                                     endTime: at(10.2), notes: nextNote(), baby: .baby(id: baby.id))
                let sleep = SleepLog(id: id(2), startTime: at(13), endTime: at(15.5), notes: nextNote(), baby: .baby(id: baby.id))
                let diaper = DiaperLog(id: id(3), type: .mixed, time: at(16), notes: nextNote(), baby: .baby(id: baby.id))
                let tummy = ActivityLog(id: id(4), type: .tummyTime, startTime: at(17), endTime: at(17.25), notes: nextNote(),
                                        baby: .baby(id: baby.id))
                for record in [LogRecord.food(feed), .food(bottle), .sleep(sleep), .diaper(diaper), .activity(tummy)] {
                    try writer.insert(record)
                    notes[record.id] = record.notes
                    types[record.id] = record.typeText ?? ""
                }
            }
        }
        // Unknown values, on the first baby's last day, and orphans that belong to no baby.
        let first = babies[0].id
        let lastDay = calendar.date(from: DateComponents(year: 2026, month: 11, day: 20, hour: 9)) ?? Date()
        var odd: [LogRecord] = [
            .food(FoodLog(id: id(1), type: FoodType(rawValue: unknownFoodType), startTime: lastDay, notes: "unknown type",
                          baby: .baby(id: first))),
            .food(FoodLog(id: id(1), type: .formula, amount: 60, feedingUnit: FeedingUnit(rawValue: unknownFeedingUnit),
                          startTime: lastDay.addingTimeInterval(600), notes: "unknown unit", baby: .baby(id: first))),
            .diaper(DiaperLog(id: id(3), type: DiaperType(rawValue: unknownDiaperType), time: lastDay.addingTimeInterval(1200),
                              baby: .baby(id: first))),
            .diaper(DiaperLog(id: id(3), type: DiaperType(rawValue: "# heading"), time: lastDay.addingTimeInterval(1500),
                              notes: "<script>alert(1)</script>", baby: .none)),
            .sleep(SleepLog(id: id(2), startTime: lastDay.addingTimeInterval(1600), endTime: lastDay.addingTimeInterval(1700),
                            notes: "=cmd|' /C calc'!A0", baby: .dangling(rowID: 999))),
        ]
        for (index, type) in unknownActivityTypes.enumerated() {
            odd.append(.activity(ActivityLog(id: id(4), type: ActivityType(rawValue: type),
                                             startTime: lastDay.addingTimeInterval(1800 + Double(index) * 60),
                                             endTime: lastDay.addingTimeInterval(1850 + Double(index) * 60),
                                             notes: nextNote(), baby: .baby(id: first))))
        }
        for record in odd {
            try writer.insert(record)
            notes[record.id] = record.notes
            types[record.id] = record.typeText ?? ""
        }
        try writer.finish()
        return Written(path: path, notes: notes, types: types)
    }
}

extension Calendar {
    /// The Gregorian calendar in New York, where the hostile store's days are laid out.
    static var newYork: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = HostileStore.timeZone
        return calendar
    }
}
