import Foundation
import ParPairModel

/// Why a log is listed, as a message key and the values it names, so a report can say it in its own
/// language; `english` is the text `Finding.reason` carries.
///
/// The key and its English text are also in `Templates/en.catalog` (a test keeps the two equal); the
/// other catalogs translate them. Values are filled into the text's `{{name}}` tags.
public struct FindingMessage: Sendable, Hashable {
    /// One value a message names.
    public indirect enum Value: Sendable, Hashable {
        /// Shown as it is: ids, units, a value the app wrote that this tool does not know.
        case text(String)
        /// A figure formatted with `.` as the decimal point.
        case number(String)
        /// A word of the catalog, by key (`kind_sleep`, `feed_formula`, `total_sleep`).
        case term(String)
        /// A local time in ISO 8601 with offset (`2024-06-01T14:05:00+02:00`).
        case localTime(String)
        /// A calendar date.
        case date(CivilDate)
        /// Another message (an orphan's reason, a count of logs).
        case message(FindingMessage)
    }

    public var key: String
    public var values: [String: Value]

    public init(_ key: String, _ values: [String: Value] = [:]) {
        self.key = key
        self.values = values
    }

    /// The message with `lookup` giving each text (by key) and the other closures writing figures,
    /// dates and local times.
    public func render(
        lookup: (String) -> String, number: (String) -> String = { $0 }, date: (CivilDate) -> String = { $0.description },
        localTime: (String) -> String = { $0 }
    ) -> String {
        let filled = values.mapValues { value -> String in
            switch value {
            case .text(let text): text
            case .number(let text): number(text)
            case .term(let key): lookup(key)
            case .localTime(let text): localTime(text)
            case .date(let civil): date(civil)
            case .message(let inner): inner.render(lookup: lookup, number: number, date: date, localTime: localTime)
            }
        }
        return TextTemplate.fill(lookup(key), filled)
    }

    /// The English text.
    public var english: String {
        render { Self.englishTexts[$0] ?? $0 }
    }

    /// The term naming a kind of log: `kind_sleep`.
    static func kind(_ kind: LogKind) -> Value { .term("kind_\(kind.rawValue)") }

    /// The term naming a feed type in a finding (`feed_formula`; `feed_other` for a type the tool
    /// does not know).
    static func feed(_ type: FoodType) -> Value {
        switch type {
        case .breastfeeding: .term("feed_breastfeeding")
        case .formula: .term("feed_formula")
        case .solids: .term("feed_solids")
        case .pumpedMilk: .term("feed_pumped_milk")
        case .other: .term("feed_other")
        }
    }

    /// The term naming an activity type (`activity_bath`; `kind_activity` for one the tool does not know).
    static func activity(_ type: ActivityType) -> Value {
        switch type {
        case .tummyTime: .term("activity_tummy_time")
        case .bath: .term("activity_bath")
        case .play: .term("activity_play")
        case .outdoor: .term("activity_outdoor")
        case .reading: .term("activity_reading")
        case .other: .term("kind_activity")
        }
    }

    /// The English texts of every key findings use; `Templates/en.catalog` holds the same.
    public static let englishTexts: [String: String] = [
        "kind_sleep": "sleep",
        "kind_food": "food",
        "kind_diaper": "diaper",
        "kind_activity": "activity",
        "feed_breastfeeding": "breastfeeding",
        "feed_formula": "formula",
        "feed_solids": "solids",
        "feed_pumped_milk": "pumped milk",
        "feed_other": "feed",
        "activity_tummy_time": "Tummy Time",
        "activity_bath": "Bath",
        "activity_play": "Play",
        "activity_outdoor": "Outdoor",
        "activity_reading": "Reading",
        "field_feed_type": "feed type",
        "field_diaper_type": "diaper type",
        "field_activity_type": "activity type",
        "field_unit": "unit",
        "what_breastfeed": "breastfeed",
        "total_sleep": "sleep time",
        "total_breastfeeding": "breastfeeding minutes",
        "total_activity": "activity minutes",
        "unit_none": "with no unit",
        "finding_no_end": "{{what}} has no end; left out of {{total}}",
        "finding_end_invalid": "end time is not a valid instant; left out of {{total}}",
        "finding_end_invalid_plain": "end time is not a valid instant",
        "finding_end_before_start": "ends at {{time}}, before it starts; left out of {{total}}",
        "finding_end_before_start_plain": "ends at {{time}}, before it starts; the end is not used, the feed counts",
        "finding_sleep_over_24h": "sleep lasts {{hours}} h (over 24 h); left out of sleep time",
        "finding_breastfeed_over_4h": "breastfeed lasts {{hours}} h (over 4 h); left out of breastfeeding minutes",
        "finding_overlapping_sleep": "overlaps the sleep that started {{time}}; shared time counted once",
        "finding_bad_amount": "{{feed}} amount {{amount}} is not a usable number; left out",
        "finding_missing_amount": "{{feed}} without an amount; counted, with no volume",
        "finding_liquid_without_unit": "{{feed}} amount {{amount}} has no unit; left out of volumes",
        "finding_liquid_in_grams": "{{feed}} amount {{amount}} g is in grams, not a volume; left out of volumes",
        "finding_amount_over_1000ml": "{{feed}} amount {{amount}} {{unit}} ({{ml}} ml) is over 1,000 ml in one feed; left out of volumes",
        "finding_solids_not_in_grams": "solids amount {{amount}} {{unit}} is not in grams; left out of solids_g",
        "finding_start_invalid": "start time is not a valid instant; counted nowhere",
        "finding_before_1970": "dated before 1970; counted nowhere",
        "finding_far_future": "dated more than 20 years after the birth; counted nowhere",
        "finding_duplicate_id": "same id as an earlier {{kind}} log; left out as a repeat",
        "finding_before_birthday": "before the birthday ({{date}}); counted nowhere",
        "finding_before_birth": "before the birth ({{time}}); counted nowhere",
        "finding_after_today": "after the report's today ({{date}}); counted nowhere",
        "finding_logged_twice": "logged twice? same type, start minute, amount and end as an earlier {{kind}} log; counted once",
        "finding_on_phone": "{{reason}} (on {{phone}})",
        "finding_no_end_recorded": "{{what}} with no end recorded (timer left running?); left out of {{total}}",
        "finding_in_progress": "{{what}} in progress (no end yet); added to {{total}} once it ends",
        "finding_many_before_birthday": "{{count}} {{kind}} logs before the birthday ({{date}}), from {{from}} to {{to}}; counted nowhere.",
        "finding_many_after_today": "{{count}} {{kind}} logs after the report's today ({{date}}), from {{from}} to {{to}}; counted nowhere.",
        "finding_unknown_type": "unknown {{field}} \"{{value}}\" ({{logs}}); counted under other",
        "finding_unknown_unit": "unknown {{field}} \"{{value}}\" ({{logs}}); amounts in it are left out",
        "finding_one_log": "1 log",
        "finding_logs": "{{count}} logs",
        "finding_orphan": "{{reason}}; counted nowhere",
        "orphan_no_baby": "belongs to no baby",
        "orphan_dangling_row": "points at baby row {{row}}, which does not exist",
        "orphan_missing_baby": "points at a baby that is not in the store",
        "finding_unreadable": "{{reason}}",
    ]
}

/// Fills `{{name}}` tags of a message text.
public enum TextTemplate {
    /// `template` with each `{{name}}` replaced by `values[name]`; a tag without a value stays as it is. The
    /// braces are found on the UTF-8 bytes (the templates are catalog texts; every tag in them is ASCII).
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        let utf8 = template.utf8
        guard var open = pair(of: UInt8(ascii: "{"), in: utf8, from: utf8.startIndex) else { return template }
        var result = ""
        var copied = utf8.startIndex
        while true {
            // `append(contentsOf:)` with a Substring is String's own, not `+=`'s generic sequence path.
            result.append(contentsOf: template[copied..<open])
            let nameStart = utf8.index(open, offsetBy: 2)
            guard let close = pair(of: UInt8(ascii: "}"), in: utf8, from: nameStart) else {
                copied = open
                break
            }
            let tagEnd = utf8.index(close, offsetBy: 2)
            let tag = template[nameStart..<close]
            let name = tag.utf8.contains(UInt8(ascii: " ")) ? String(tag.filter { $0 != " " }) : String(tag)
            result += values[name] ?? String(template[open..<tagEnd])
            copied = tagEnd
            guard let next = pair(of: UInt8(ascii: "{"), in: utf8, from: copied) else { break }
            open = next
        }
        result.append(contentsOf: template[copied...])
        return result
    }

    /// Where `byte` first appears twice in a row at or after `start`.
    private static func pair(of byte: UInt8, in utf8: String.UTF8View, from start: String.Index) -> String.Index? {
        var index = start
        while let found = utf8[index...].firstIndex(of: byte) {
            let next = utf8.index(after: found)
            if next < utf8.endIndex, utf8[next] == byte { return found }
            index = next
        }
        return nil
    }
}
