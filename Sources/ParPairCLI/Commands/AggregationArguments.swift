import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport

/// The options shared by `report`, `export`, `info` and `digest` that decide how logs become figures.
struct AggregationArguments {
    var options: AggregationOptions
    var baby: String?
    /// The settings neither an option nor the environment gave, which a backup's phone settings then decide.
    var phoneDefaults = PhoneDefaults()

    /// Validates every value before anything is opened; options the command does not take keep their defaults.
    /// - Throws: `UsageError` naming the option and what it expects.
    init(_ arguments: Arguments, environment: [String: String], now: Date = Date()) throws {
        let command = arguments.command.rawValue
        // The system's zone only when neither --tz nor TZ names one: reading it means its zone file, then ICU's
        // rules for it.
        let zone: TimeZone
        let givenToday = try arguments.value(OptionTable.today)
        if let named = try arguments.value(OptionTable.tz) {
            zone = named
        } else if let name = environment["TZ"], !name.isEmpty {
            // TZ=:Europe/Berlin is POSIX for a zone file; a zone the system does not know would silently be UTC.
            let trimmed = name.hasPrefix(":") ? String(name.dropFirst()) : name
            guard let named = TimeZone(identifier: trimmed) else {
                throw UsageError("the TZ environment variable names '\(name)', which is not a time zone this system knows; "
                    + "set TZ to an IANA zone such as Europe/Berlin, or give --tz", command: command)
            }
            zone = named
        } else {
            zone = TimeZone.current
            phoneDefaults.timeZone = true
        }
        phoneDefaults.today = givenToday == nil
        phoneDefaults.language = try arguments.value(OptionTable.lang) == nil && !Language.isChosen(in: environment)
        phoneDefaults.paper = try arguments.value(OptionTable.paper) == nil
            && PDFRenderer.Paper.localeRegion(environment, variables: ["LC_ALL", "LC_PAPER"]) == nil
        phoneDefaults.paperFromZone = try arguments.value(OptionTable.paper) == nil
            && PDFRenderer.Paper.localeRegion(environment, variables: ["LC_ALL", "LC_PAPER", "LANG"]) == nil
        let today = givenToday ?? LifeCalendar(timeZone: zone).civilDate(of: now)
        var options = AggregationOptions(timeZone: zone, today: today)
        if let units = try arguments.value(OptionTable.units) { options.units = units } else { phoneDefaults.units = true }
        if let start = try arguments.value(OptionTable.dayStart) { options.dayStart = start }
        if let night = try arguments.value(OptionTable.night) { options.night = night }
        if let gap = try arguments.value(OptionTable.sessionGap) { options.sessionGapMinutes = gap }
        let weeks = try arguments.value(OptionTable.weeks)
        let last = try arguments.value(OptionTable.last)
        if weeks != nil, last != nil {
            throw UsageError("--weeks and --last cannot be used together", command: command)
        }
        if let selection = weeks ?? last { options.weeks = selection }
        let due = try arguments.value(OptionTable.dueDate)
        let bornAt = try arguments.value(OptionTable.bornAt)
        if due != nil, bornAt != nil {
            throw UsageError("--due-date and --born-at say the same thing; give one", command: command)
        }
        options.birthTerm = due.map { .dueDate($0) } ?? bornAt
        if options.birthTerm == nil, let family = arguments.family { options.namedTerms = try family.birthTerms() }
        self.options = options
        self.baby = try arguments.value(OptionTable.baby)
    }
}
