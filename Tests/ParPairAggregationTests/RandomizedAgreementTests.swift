import Foundation
import ParPairAggregation
import ParPairModel
import Testing

/// The aggregator against the naive reference on generated stores, in zones with daylight saving.
@Suite struct RandomizedAgreementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var zone: String
        var dayStart: String
        var springChange: Bool
        var weeks: WeekSelection
        var units: VolumeUnits
        var night: String
        var seed: UInt64

        var testDescription: String {
            "\(zone) day start \(dayStart), \(springChange ? "spring" : "autumn") change, \(weeks), \(units), night \(night)"
        }
    }

    static let cases: [Case] = {
        let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]
        let starts = ["00:00", "02:00", "05:30"]
        let selections: [WeekSelection] = [.all, .last(2), .weeks(1...1)]
        let nights = ["19:00-07:00", "20:30-06:00", "01:30-02:45"]
        var cases: [Case] = []
        for (zoneIndex, zone) in zones.enumerated() {
            for (startIndex, start) in starts.enumerated() {
                let index = zoneIndex * 3 + startIndex
                cases.append(Case(
                    zone: zone, dayStart: start, springChange: index % 2 == 0, weeks: selections[(zoneIndex + startIndex) % 3],
                    units: index % 4 == 3 ? .imperial : .metric, night: nights[(index / 2) % 3], seed: UInt64(1_000 + index * 7919)))
            }
        }
        return cases
    }()

    @Test(arguments: cases)
    func agreesWithNaiveReference(_ testCase: Case) throws {
        let zone = try #require(TimeZone(identifier: testCase.zone))
        let store = RandomStore(seed: testCase.seed, timeZone: zone, springChange: testCase.springChange)
        let options = AggregationOptions(
            timeZone: zone, today: store.today, dayStart: try ClockTime(parsing: testCase.dayStart),
            night: try ClockRange(parsing: testCase.night), units: testCase.units, weeks: testCase.weeks)

        // Stream as the reader does: table by table, each by start then row, babies interleaved.
        let aggregator = Aggregator(babies: store.babies, options: options)
        let ordered = store.logs.sorted {
            ($0.kind, $0.start, NaiveAggregation.rowID($0)) < ($1.kind, $1.start, NaiveAggregation.rowID($1))
        }
        for log in ordered { aggregator.add(log) }
        let actual = try aggregator.finish()
        let expected = NaiveAggregation.aggregate(babies: store.babies, options: options, logs: store.logs)

        var problems: [String] = []
        #expect(actual.babies.count == expected.babies.count)
        for (baby, reference) in zip(actual.babies, expected.babies) {
            let name = baby.baby.name
            if baby.weeks.map(\.week) != reference.weeks.map(\.index) {
                problems.append("\(name): weeks \(baby.weeks.map(\.week)) vs \(reference.weeks.map(\.index))")
            }
            for (week, expectedWeek) in zip(baby.weeks, reference.weeks) {
                problems += Self.differences(week.columns, expectedWeek.columns, context: "\(name) week \(week.week)")
            }
            if baby.days.map(\.day) != reference.days.map(\.index) {
                problems.append("\(name): days \(baby.days.map(\.day)) vs \(reference.days.map(\.index))")
            }
            for (day, expectedDay) in zip(baby.days, reference.days) {
                problems += Self.differences(day.columns, expectedDay.columns, context: "\(name) day \(day.day)")
            }
            // Logs before the birthday or after today are one summary finding per rule and kind: compare counts.
            let outsideLife: Set<FindingRule> = [.afterToday, .beforeBirthday]
            var foundOutside: [String: Int] = [:]
            for finding in baby.findings where outsideLife.contains(finding.rule) {
                foundOutside["\(finding.rule) \(finding.kind)", default: 0] += finding.occurrences
            }
            var wantedOutside: [String: Int] = [:]
            for finding in reference.findings where ["after_today", "before_birthday"].contains(finding.key.rule) {
                wantedOutside["\(finding.key.rule) \(finding.key.kind)", default: 0] += 1
            }
            if foundOutside != wantedOutside { problems.append("\(name): outside-life counts \(foundOutside) vs \(wantedOutside)") }
            let found = baby.findings.filter { !outsideLife.contains($0.rule) }.map {
                "\(NaiveAggregation.FindingKey(rule: $0.rule.rawValue, kind: $0.kind, id: $0.logID, inProgress: $0.severity == .inProgress)) week \($0.week.map(String.init) ?? "-") day \($0.day.map(String.init) ?? "-")"
            }.sorted()
            let wanted = reference.findings.filter { !["after_today", "before_birthday"].contains($0.key.rule) }.map {
                "\($0.key) week \($0.week.map(String.init) ?? "-") day \($0.day.map(String.init) ?? "-")"
            }.sorted()
            if found != wanted {
                problems.append("\(name): findings differ\n  only aggregator: \(found.filter { !wanted.contains($0) })\n  only reference: \(wanted.filter { !found.contains($0) })")
            }
            if baby.findingsOutsideSelection != reference.outside {
                problems.append("\(name): findings outside \(baby.findingsOutsideSelection) vs \(reference.outside)")
            }
        }
        let orphans = Set(actual.storeFindings.map { NaiveAggregation.FindingKey(rule: $0.rule.rawValue, kind: $0.kind, id: $0.logID, inProgress: false) })
        if orphans != expected.orphans { problems.append("orphans \(orphans) vs \(expected.orphans)") }
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(25).joined(separator: "\n"))")
    }

    /// The generated stores are meant to exercise every rule (but invalid instants, which SQLite cannot
    /// hold); otherwise the agreement above would prove less than it seems.
    @Test func generatedStoresExerciseEveryRule() throws {
        var rules: Set<FindingRule> = []
        var inProgress = 0
        for testCase in Self.cases {
            let zone = try #require(TimeZone(identifier: testCase.zone))
            let store = RandomStore(seed: testCase.seed, timeZone: zone, springChange: testCase.springChange)
            let result = Aggregator.aggregate(
                babies: store.babies, options: AggregationOptions(timeZone: zone, today: store.today), logs: store.logs)
            rules.formUnion(result.allFindings.map(\.rule))
            inProgress += result.allFindings.filter { $0.severity == .inProgress }.count
        }
        // Invalid instants, absurd dates and logs on two phones have tests of their own; the generator makes none.
        #expect(rules == Set(FindingRule.allCases).subtracting([.badTime, .implausibleDate, .unreadableRow]))
        #expect(inProgress > 0)
    }

    static func differences(_ actual: [SummaryColumn], _ expected: [String: NaiveAggregation.Value], context: String) -> [String] {
        var problems: [String] = []
        let names = actual.map(\.name)
        if Set(names) != Set(expected.keys) || names.count != expected.count {
            problems.append("\(context): columns \(names) vs \(expected.keys.sorted())")
        }
        for column in actual {
            guard let wanted = expected[column.name] else { continue }
            switch (column.value, wanted) {
            case (.text(let text), .text(let other)):
                if text != other { problems.append("\(context) \(column.name): \(text) vs \(other)") }
            case (_, .number(let other)):
                let value = column.value.number
                switch (value, other) {
                case (nil, nil): break
                case let (value?, other?) where abs(value - other) <= 1e-6: break
                default: problems.append("\(context) \(column.name): \(value.map { "\($0)" } ?? "nil") vs \(wanted)")
                }
            default:
                problems.append("\(context) \(column.name): \(column.value) vs \(wanted)")
            }
        }
        return problems
    }
}
