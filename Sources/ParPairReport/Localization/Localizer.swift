import Mustache
import ParPairAggregation
import ParPairModel

/// Words, dates and figures in the report's language.
///
/// Texts come from the language's catalog, falling back to English for a key it lacks (the tests keep
/// the catalogs' keys equal, so that is for user catalogs and tomorrow's keys). Figures arrive formatted
/// with `.` (`FixedDecimal`) and get the language's decimal separator here; dates read `2026-11-20` in
/// English, `20.11.2026` in German and `20/11/2026` in French and Spanish.
public struct Localizer: Sendable {
    public let language: Language
    /// Whose conventions figures and dates follow: the language's, or English in CSV (the machine
    /// contract, whose `excel-semicolon` dialect makes its own decimal comma).
    public let figures: Language
    let catalog: MessageCatalog
    let fallback: MessageCatalog

    public init(_ language: Language) {
        self.init(language, figures: language)
    }

    init(_ language: Language, figures: Language) {
        self.language = language
        self.figures = figures
        catalog = MessageCatalog.builtIn(language)
        fallback = MessageCatalog.builtIn(.english)
    }

    /// The same words with figures and dates as CSV writes them (`.`, ISO dates).
    public var withMachineFigures: Localizer { Localizer(language, figures: .english) }

    /// The English localizer: the figures and words the tool has always written.
    public static let english = Localizer(.english)

    /// The text of `key`; the key itself when no catalog has it (a bug the catalog tests catch).
    public func text(_ key: String) -> String {
        catalog.texts[key] ?? fallback.texts[key] ?? key
    }

    /// The text of `key` with each `{{name}}` replaced by `values[name]`.
    public func text(_ key: String, _ values: [String: String]) -> String {
        TextTemplate.fill(text(key), values)
    }

    /// A figure formatted with `.` as the decimal point, with the language's separator instead.
    public func number(_ formatted: String) -> String {
        FixedDecimal.withDecimalSeparator(formatted, figures.decimalSeparator)
    }

    /// A calendar date as the language writes it.
    public func date(_ date: CivilDate) -> String {
        let day = Self.twoDigits(date.day), month = Self.twoDigits(date.month)
        switch figures {
        case .english: return date.description
        case .german: return "\(day).\(month).\(date.year)"
        case .french, .spanish: return "\(day)/\(month)/\(date.year)"
        }
    }

    /// Day and month without the year, for the rows of the 24-hour chart: `11-20`, `20.11.`, `20/11`.
    public func dayAndMonth(_ date: CivilDate) -> String {
        let day = Self.twoDigits(date.day), month = Self.twoDigits(date.month)
        switch figures {
        case .english: return "\(month)-\(day)"
        case .german: return "\(day).\(month)."
        case .french, .spanish: return "\(day)/\(month)"
        }
    }

    /// The short weekday name (`Mon`, `Mo`, `lun.`, `lun`).
    public func weekday(_ date: CivilDate) -> String {
        text("weekday_\(date.isoWeekday)")
    }

    /// A finding's local time `2026-10-30T19:19:00-04:00` as people read it: `Fri 30 Oct 2026, 19:19`
    /// (`Fr 30. Okt. 2026, 19:19`, …), the clock time as the family's clock showed it; the offset is left to
    /// the CSV and exports. A time it cannot read (`invalid time`) is returned as it is.
    public func readableTime(_ iso: String) -> String {
        // Read on the UTF-8 bytes: the times are written in ASCII, and a non-ASCII one does not read as a date.
        let bytes = Array(iso.utf8)
        guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[0..<16].allSatisfy({ $0 < 0x80 }),
              let date = CivilDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)) else { return iso }
        return text("finding_time", [
            "weekday": weekday(date), "day": String(date.day), "month": text("month_\(date.month)"), "year": String(date.year),
            "clock": String(decoding: bytes[11..<16], as: UTF8.self),
        ])
    }

    /// A local date and time written `2024-06-01T14:05:00+02:00` (a finding's time), as the language
    /// writes the date; the clock time and offset stay.
    public func dateTime(_ iso: String) -> String {
        guard figures != .english, iso.count >= 10, let date = CivilDate(iso: String(iso.prefix(10))) else { return iso }
        let rest = iso.dropFirst(10)
        return self.date(date) + (rest.hasPrefix("T") ? " " + rest.dropFirst() : String(rest))
    }

    /// Why a log is listed, in the language.
    public func reason(_ message: FindingMessage) -> String {
        message.render(lookup: text, number: number, date: date, localTime: dateTime)
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Every text of the catalog for templates, `{{t.key}}`: a text with tags renders against the
    /// template's context (`{{week}}`), and the result is escaped once for the output format.
    public var templateTexts: MustacheValue { .object(CatalogTexts(localizer: self, css: false)) }

    /// The same texts escaped for a CSS string (`content: "{{t_css.page}}"`); tags are not rendered there.
    public var cssTexts: MustacheValue { .object(CatalogTexts(localizer: self, css: true)) }
}

/// The catalog as templates read it.
struct CatalogTexts: MustacheObject {
    let localizer: Localizer
    let css: Bool

    func mustacheValue(forKey key: String) -> MustacheValue? {
        guard let text = localizer.catalog.texts[key] ?? localizer.fallback.texts[key] else { return nil }
        if css { return .string(CSSString.escape(text)) }
        // On the UTF-8, not through Foundation's `contains`, which bridges each text to NSString.
        guard TagScan.mayHoldTags(text) else { return .string(text) }
        return .lambda(MustacheLambda { text })
    }
}
