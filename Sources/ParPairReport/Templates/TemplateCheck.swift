import Foundation
import Mustache
import ParPairAggregation
import ParPairModel

/// Checks a template against the data reports provide, for `templates check`.
public enum TemplateCheck {
    /// A tag naming data no report provides, or a partial no source has.
    public struct Problem: Sendable, Hashable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    /// Every key that occurs anywhere in report data (names are looked up through the context stack,
    /// so a key is fine wherever it is used as long as some level of the data has it).
    /// Report data and digest data both count: the built-in templates share partials between them.
    public static let knownKeys: Set<String> = {
        var keys: Set<String> = []
        let settings = ReportSettings(storeName: "example.store", toolVersion: "0")
        guard let result = try? exampleResult() else { return keys }
        if let data = try? ReportData.make(result: result, settings: settings, charts: true) {
            collect(data, into: &keys)
        }
        let babies = result.babies.map(\.baby)
        let plan = DigestPlan(babies: babies, options: result.options, choice: .latestComplete, redact: false)
        let unborn = DigestPlan(babies: babies, options: result.options, choice: .week(99), redact: false)
        if let run = try? DigestRun.make(result: result, plan: plan, settings: settings) {
            collect(DigestData.make(run: run, digests: run.digests, skips: unborn.skips), into: &keys)
        }
        return keys
    }()

    /// The tags of `template` (and of the partials it uses) whose names are not report data.
    public static func unknownTags(in template: ReportTemplate) -> [Problem] {
        var problems: [Problem] = []
        for tag in template.template.tags {
            switch tag.kind {
            case .variable, .unescapedVariable, .section, .invertedSection:
                guard !tag.isDynamic, tag.name != "." else { continue }
                let parts = tag.name.split(separator: ".").map(String.init)
                if let unknown = parts.first(where: { !knownKeys.contains($0) }) {
                    let detail = parts.count > 1 ? " ('\(unknown)' in '\(tag.name)')" : ""
                    problems.append(Problem(line: tag.line, column: tag.column,
                                            message: "{{\(tag.name)}}: no report data is called '\(unknown)'\(detail)"))
                }
            case .partial, .parent:
                guard !tag.isDynamic else { continue }
                let found = (try? template.partials.partial(named: tag.name, format: template.template.format)) ?? nil
                if found == nil {
                    problems.append(Problem(line: tag.line, column: tag.column,
                                            message: "{{\(tag.kind == .parent ? "<" : ">")\(tag.name)}}: no such template beside the file or built in"))
                }
            case .block:
                continue
            }
        }
        return problems
    }

    static func collect(_ value: MustacheValue, into keys: inout Set<String>) {
        switch value {
        case .dictionary(let dictionary):
            for (key, item) in dictionary {
                keys.insert(key)
                collect(item, into: &keys)
            }
        case .array(let items):
            for item in items { collect(item, into: &keys) }
        default:
            break
        }
    }

    /// A small aggregation that exercises every part of the report data: two weeks, a finding, an orphan.
    static func exampleResult() throws -> AggregationResult {
        let utc = TimeZone(identifier: "UTC") ?? .current
        let calendar = LifeCalendar(timeZone: utc)
        let birth = calendar.instant(on: CivilDate(year: 2026, month: 1, day: 1))
        let baby = Baby(id: UUID(), name: "Example", birthday: birth, rowID: 1)
        let options = AggregationOptions(timeZone: utc, today: CivilDate(year: 2026, month: 1, day: 12))
        let aggregator = Aggregator(babies: [baby], options: options)
        for day in 0..<12 {
            let start = birth.addingTimeInterval(Double(day) * 86_400 + 3600)
            aggregator.add(FoodLog(id: UUID(), type: .breastfeeding, startTime: start, endTime: start.addingTimeInterval(900),
                                   baby: .baby(id: baby.id)))
            aggregator.add(FoodLog(id: UUID(), type: .formula, amount: 90, feedingUnit: .milliliters,
                                   startTime: start.addingTimeInterval(7200), baby: .baby(id: baby.id)))
            aggregator.add(SleepLog(id: UUID(), startTime: start.addingTimeInterval(10_000), endTime: start.addingTimeInterval(20_000),
                                    baby: .baby(id: baby.id)))
            aggregator.add(DiaperLog(id: UUID(), type: .mixed, time: start, baby: .baby(id: baby.id)))
            aggregator.add(ActivityLog(id: UUID(), type: .tummyTime, startTime: start, endTime: start.addingTimeInterval(300),
                                       baby: .baby(id: baby.id)))
        }
        aggregator.add(SleepLog(id: UUID(), startTime: birth.addingTimeInterval(11.5 * 86_400), baby: .baby(id: baby.id)))
        aggregator.add(DiaperLog(id: UUID(), type: .wet, time: birth.addingTimeInterval(3600), baby: .none))
        return try aggregator.finish()
    }
}
