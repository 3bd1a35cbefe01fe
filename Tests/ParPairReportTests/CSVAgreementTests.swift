import Foundation
import ParPairAggregation
import ParPairModel
import ParPairStore
import Testing

/// The CSV outputs of the sample store, parsed back with the tests' own RFC 4180 reader, hold the
/// aggregator's figures: every weekly and daily cell against arithmetic on `WeekSummary.metrics` and
/// `DaySummary.metrics`, every event row against the log the store reader returns.
@Suite struct CSVAgreementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var output: ReportOutput
        var units: VolumeUnits
        var weeks: WeekSelection
        /// Rows per baby the README's description of the sample implies (Léo first: he is older).
        var rowsPerBaby: [String: Int]

        var testDescription: String { "\(output) \(units) \(weeks)" }
    }

    static let cases: [Case] = [
        // Mia: days 0-89, weeks 0-12. Léo: days 60-149, weeks 8-21 (week 8 starts on day 56).
        Case(output: .csv, units: .metric, weeks: .all, rowsPerBaby: ["Léo": 14, "Mia": 13]),
        Case(output: .weekly, units: .imperial, weeks: .all, rowsPerBaby: ["Léo": 14, "Mia": 13]),
        Case(output: .weekly, units: .metric, weeks: .last(3), rowsPerBaby: ["Léo": 3, "Mia": 3]),
        Case(output: .daily, units: .metric, weeks: .all, rowsPerBaby: ["Léo": 94, "Mia": 90]),
        Case(output: .daily, units: .imperial, weeks: .weeks(10...12), rowsPerBaby: ["Léo": 21, "Mia": 20]),
    ]

    @Test(arguments: cases)
    func tableParsesBackToTheAggregatorsFigures(_ test: Case) throws {
        let options = SampleSettings.options(units: test.units, weeks: test.weeks)
        let text = try test.output.render(store: PackagePaths.sampleStore, options: options)
        let table = try CSVTable(parsing: text)
        let result = try ExpectedRows.aggregate(store: PackagePaths.sampleStore, options: options)

        var perBaby: [String: Int] = [:]
        for row in table.rows { perBaby[row.first ?? "", default: 0] += 1 }
        #expect(perBaby == test.rowsPerBaby)

        if test.output == .daily {
            CSVComparison.expect(table, header: ExpectedRows.dailyHeader(units: test.units), rows: ExpectedRows.daily(result),
                                 label: test.testDescription)
        } else {
            CSVComparison.expect(table, header: ExpectedRows.weeklyHeader(units: test.units), rows: ExpectedRows.weekly(result),
                                 label: test.testDescription)
        }
    }

    @Test func weeklyExportAndReportCSVAreTheSameTable() throws {
        let options = SampleSettings.options()
        let report = try ReportOutput.csv.render(store: PackagePaths.sampleStore, options: options)
        let export = try ReportOutput.weekly.render(store: PackagePaths.sampleStore, options: options)
        #expect(report == export)
    }

    /// Every log of the store is one event row, and its cells say what the log holds.
    @Test func eventExportHasOneRowPerLogWithItsValues() throws {
        let options = SampleSettings.options()
        let text = try ReportOutput.events.render(store: PackagePaths.sampleStore, options: options)
        let table = try CSVTable(parsing: text)
        #expect(table.header == ["baby", "kind", "type", "start", "end", "duration_min", "amount", "unit", "amount_ml",
                                 "notes", "day", "week", "id"])
        var records: [String: LogRecord] = [:]
        var babies: [UUID: Baby] = [:]
        try FamilySource.withSource(path: PackagePaths.sampleStore) { family in
            for baby in family.babies { babies[baby.id] = baby }
            try family.streamLogs { records[$0.record.id.uuidString] = $0.record }
        }
        #expect(records.count == 5046)  // samples/README.md
        #expect(table.rows.count == records.count)

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = SampleSettings.timeZone
        func localDay(_ date: Date) -> Int {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return Self.daysFromCivil(parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }
        var birthDays: [UUID: Int] = [:]
        for (id, baby) in babies { birthDays[id] = localDay(baby.birthday) }
        let column = Dictionary(table.header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        for row in table.rows {
            guard problems.count < 20 else { break }
            guard row.count == table.header.count else {
                problems.append("a row of \(row.count) cells")
                continue
            }
            func cell(_ name: String) -> String { column[name].map { row[$0] } ?? "(no column \(name))" }
            let id = cell("id")
            guard let record = records.removeValue(forKey: id) else {
                problems.append("row for unknown or repeated id \(id)")
                continue
            }
            var wanted: [String: String] = ["kind": record.kind.rawValue, "type": record.typeText ?? "", "notes": record.notes]
            if let babyID = record.baby.babyID, let baby = babies[babyID], let birth = birthDays[babyID] {
                wanted["baby"] = baby.name
                let day = localDay(record.start) - birth
                wanted["day"] = String(day)
                wanted["week"] = String(day >= 0 ? day / 7 : -((6 - day) / 7))
            }
            for (name, value) in wanted where !Self.cell(cell(name), holds: value) {
                problems.append("\(id) \(name): \(cell(name).debugDescription), expected \(value.debugDescription)")
            }
            if !Self.time(cell("start"), isAbout: record.start) {
                problems.append("\(id) start: \(cell("start")) is not \(record.start)")
            }
            if let end = record.end {
                if !Self.time(cell("end"), isAbout: end) {
                    problems.append("\(id) end: \(cell("end")) is not \(end)")
                }
                let minutes = end.timeIntervalSince(record.start) / 60
                if !ExpectedCell.figure(minutes, decimals: 1).matches(cell("duration_min")) {
                    problems.append("\(id) duration_min: \(cell("duration_min")) is not \(minutes)")
                }
            } else if cell("end") != "" || cell("duration_min") != "" {
                problems.append("\(id): no end, but end \(cell("end")) and duration \(cell("duration_min"))")
            }
            if case .food(let feed) = record, let amount = feed.amount {
                if !(Double(cell("amount")).map { abs($0 - amount) <= 0.0005 } ?? false) {
                    problems.append("\(id) amount: \(cell("amount")) is not \(amount)")
                }
                if cell("unit") != feed.feedingUnit?.rawValue ?? "" {
                    problems.append("\(id) unit: \(cell("unit"))")
                }
                let milliliters: Double? = switch feed.feedingUnit {
                case .milliliters?: amount
                case .ounces?: amount * ExpectedRows.millilitersPerOunce
                default: nil
                }
                if !ExpectedCell.figure(milliliters, decimals: 1).matches(cell("amount_ml")) {
                    problems.append("\(id) amount_ml: \(cell("amount_ml")) is not \(milliliters.map { "\($0)" } ?? "empty")")
                }
            } else if cell("amount") != "" || cell("amount_ml") != "" {
                problems.append("\(id): no amount, but amount \(cell("amount")) and amount_ml \(cell("amount_ml"))")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(records.isEmpty, "logs without a row: \(records.keys.sorted().prefix(5))")
    }

    /// Whether `text` is `YYYY-MM-DDTHH:MM:SS±HH:MM` naming `date` to the second (the export drops fractions).
    static func time(_ text: String, isAbout date: Date) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 25, bytes[10] == UInt8(ascii: "T"), bytes[22] == UInt8(ascii: ":") else { return false }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[from..<(from + count)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2), let offsetHours = number(20, 2),
              let offsetMinutes = number(23, 2) else { return false }
        let sign = bytes[19] == UInt8(ascii: "-") ? -1 : 1
        let local = ((daysFromCivil(year, month, day) * 24 + hour) * 60 + minute) * 60 + second
        let utc = local - sign * (offsetHours * 3600 + offsetMinutes * 60)
        let seconds = date.timeIntervalSince1970
        return Double(utc) <= seconds && seconds < Double(utc + 1)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the well-known era-based formula).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// A cell holds `value` as written, or with the apostrophe that defuses a formula.
    static func cell(_ cell: String, holds value: String) -> Bool {
        cell == value || cell == "'" + value
    }
}
