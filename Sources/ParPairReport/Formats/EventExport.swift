import TextBytes
import Foundation
import Mustache
import ParPairAggregation
import ParPairModel
import ParPairStore

/// `export --table events`: one CSV row per log, streamed straight from the store (no template, so a
/// million rows cost no per-row template values).
public enum EventExport {
    /// The header, a stable interface for scripts.
    public static let columns = [
        "baby", "kind", "type", "start", "end", "duration_min", "amount", "unit", "amount_ml", "notes", "day", "week", "id",
    ]

    /// The columns added after `id` when several phones are read: the phone (device name) each log came from, and for
    /// another phone's copy of an event, the id of the log that counts in its place (empty for a log that counts).
    public static let familyColumns = ["phone", "copy_of"]

    /// Writes the header and every log of the selected babies (and every orphan) in time order; read from
    /// several phones, every copy too, each row ending with its phone and what it is a copy of.
    /// - Parameters:
    ///   - weeks: with `--weeks`/`--last`, only logs whose age-week is selected; orphans have no age and are kept.
    ///   - redact: write initials instead of names.
    public static func write<Sink: TextOutputStream>(
        source: some LogSource, options: AggregationOptions, baby: String?, redact: Bool, into sink: inout Sink
    ) throws {
        let babies = try StoreAggregation.select(baby, from: source.babies, redact: redact)
        let calendar = LifeCalendar(timeZone: options.timeZone, dayStartMinutes: options.dayStartMinutes)
        // Once per baby: the birthday's local date (a log's day counts from it) and the weeks selected.
        var known: [UUID: (name: String, birthDate: CivilDate, birth: Date, weeks: Range<Int>?)] = [:]
        for baby in babies {
            known[baby.id] = (BabyName.shown(baby.name, redact: redact), calendar.civilDate(of: baby.birthday), baby.birthday,
                              selectedWeeks(of: baby, options: options, calendar: calendar))
        }
        let phones = source.phones.count > 1 ? source.phones.indices.map { source.shownName(ofPhone: $0, redact: redact) } : nil
        sink.write((phones != nil ? columns + familyColumns : columns).joined(separator: ",") + "\r\n")
        // Logs come in time order, so the zone's offset is looked up once per stretch between transitions.
        var clock = LocalTimeCache(calendar: calendar)
        // Rows are formatted into bytes as the source hands the logs over, written out 64 KiB at a time.
        var line: [UInt8] = []
        line.reserveCapacity(1 << 17)
        try source.streamLogs { log in
            let record = log.record
            var name = ""
            var day: Int?
            var weeks: Range<Int>?
            if let id = record.baby.babyID {
                guard let entry = known[id] else { return }  // another baby than --baby
                name = entry.name
                weeks = entry.weeks
                let date = calendar.dayStartMinutes == 0 ? clock.civilDate(of: record.start) : calendar.reportDate(of: record.start)
                day = dayOfLife(record.start, on: date, bornOn: entry.birthDate, birth: entry.birth)
            }
            let week = day.map { Age(days: $0).week }
            // Orphans have no age-week and are always kept.
            if let week, let weeks, !weeks.contains(week) { return }
            appendRow(record, babyName: name, day: day, week: week, clock: &clock, into: &line)
            if let phones {
                // The row's line end goes after the phone and what it is a copy of.
                line.removeLast(2)
                line.append(UInt8(ascii: ","))
                CSVEscaping.append(field: phones[log.log.phone], to: &line)
                line.append(UInt8(ascii: ","))
                if let counted = log.copyOf { line.append(contentsOf: counted.uuidString.utf8) }
                line.append(contentsOf: [0x0D, 0x0A])
            }
            if line.count >= 1 << 16 {
                sink.write(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
            }
        }
        sink.write(String(decoding: line, as: UTF8.self))
    }

    /// A log's day of life, from its local report date. Born before the birth date's day start: from the birth to
    /// that day start is day 0 too, as in the daily and weekly tables.
    @inline(__always)
    static func dayOfLife(_ start: Date, on date: CivilDate, bornOn birthDate: CivilDate, birth: Date) -> Int {
        let day = LifeCalendar.dayOfLife(date, bornOn: birthDate)
        return day < 0 && start >= birth ? 0 : day
    }

    /// The age-weeks of a baby that `--weeks`, `--last` or `--since` select (perhaps none); nil for every week.
    static func selectedWeeks(of baby: Baby, options: AggregationOptions, calendar: LifeCalendar) -> Range<Int>? {
        let current = calendar.age(birthday: baby.birthday, on: options.today).week
        switch options.weeks {
        case .all: return nil
        case .weeks(let range): return range.lowerBound..<range.upperBound + 1
        case .last(let count): return count >= 1 ? (current - count + 1)..<(current + 1) : current..<current
        case .since(let date):
            let first = calendar.age(birthday: baby.birthday, on: date).week
            return first <= current ? first..<(current + 1) : first..<first
        }
    }

    /// Appends one row: every cell through the CSV escaping and formula guard but the kind, day, week and
    /// id, which this tool writes from a closed set of characters (letters, digits, `-`).
    static func appendRow(
        _ record: LogRecord, babyName: String, day: Int?, week: Int?, clock: inout LocalTimeCache, into line: inout [UInt8]
    ) {
        func plain(_ text: String) {
            line.append(UInt8(ascii: ","))
            var text = text
            text.withUTF8 { line.append(contentsOf: $0) }
        }
        func escaped(_ text: String) {
            line.append(UInt8(ascii: ","))
            CSVEscaping.append(field: text, to: &line)
        }
        CSVEscaping.append(field: babyName, to: &line)
        plain(record.kind.rawValue)
        escaped(record.typeText ?? "")
        escaped(clock.iso8601(record.start))
        let end = record.end
        escaped(end.map { clock.iso8601($0) } ?? "")
        if let end, end >= record.start {
            escaped(FixedDecimal.format(end.timeIntervalSince(record.start) / 60, decimals: 1))
        } else if let end {
            escaped("-" + FixedDecimal.format(record.start.timeIntervalSince(end) / 60, decimals: 1))
        } else {
            plain("")
        }
        if case .food(let feed) = record {
            escaped(feed.amount.map(number) ?? "")
            escaped(feed.feedingUnit?.rawValue ?? "")
            var milliliters = ""
            if let value = feed.amount, value.isFinite {
                switch feed.feedingUnit {
                case .milliliters?: milliliters = FixedDecimal.format(value, decimals: 1)
                case .ounces?: milliliters = FixedDecimal.format(value * FeedingUnit.millilitersPerOunce, decimals: 1)
                default: break
                }
            }
            escaped(milliliters)
        } else {
            line.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: ","), UInt8(ascii: ",")])
        }
        escaped(record.notes)
        plain(day.map(String.init) ?? "")
        plain(week.map(String.init) ?? "")
        plain(uuidText(record.id))
        line.append(contentsOf: [0x0D, 0x0A])
    }

    /// `id.uuidString` (upper-case hex, 8-4-4-4-12), the same text, written without Foundation's formatted
    /// printing (once a log).
    static func uuidText(_ id: UUID) -> String {
        let u = id.uuid
        return ASCIIWriter.string(capacity: 36) { text in
            let dash = UInt8(ascii: "-")
            text.append(hex: u.0, uppercase: true); text.append(hex: u.1, uppercase: true)
            text.append(hex: u.2, uppercase: true); text.append(hex: u.3, uppercase: true); text.append(dash)
            text.append(hex: u.4, uppercase: true); text.append(hex: u.5, uppercase: true); text.append(dash)
            text.append(hex: u.6, uppercase: true); text.append(hex: u.7, uppercase: true); text.append(dash)
            text.append(hex: u.8, uppercase: true); text.append(hex: u.9, uppercase: true); text.append(dash)
            text.append(hex: u.10, uppercase: true); text.append(hex: u.11, uppercase: true)
            text.append(hex: u.12, uppercase: true); text.append(hex: u.13, uppercase: true)
            text.append(hex: u.14, uppercase: true); text.append(hex: u.15, uppercase: true)
        }
    }

    /// An amount as stored, without exponent; `inf`/`nan` written as words so nothing is hidden.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return FixedDecimal.format(value, decimals: 3)
    }
}
