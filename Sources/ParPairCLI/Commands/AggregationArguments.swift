import Foundation
import ParPairAggregation
import ParPairModel

/// The options shared by `report`, `export` and `digest` that decide how logs become figures.
struct AggregationArguments {
    static let options: [Arguments.Option] = [
        .init(name: "--tz", takesValue: true),
        .init(name: "--today", takesValue: true),
        .init(name: "--units", takesValue: true),
        .init(name: "--day-start", takesValue: true),
        .init(name: "--night", takesValue: true),
        .init(name: "--weeks", takesValue: true),
        .init(name: "--last", takesValue: true),
        .init(name: "--baby", takesValue: true),
    ]

    static let help = """
          --tz ZONE            IANA time zone in which days are counted (default: $TZ or the system's)
          --today YYYY-MM-DD   the last day the report covers (default: today in ZONE)
          --units metric|imperial
                               ml and g, or US fl oz (default: metric)
          --day-start HH:MM    when a report day begins on the local clock (default: 00:00)
          --night HH:MM-HH:MM  the local clock range counted as night sleep (default: 19:00-07:00)
          --weeks A-B          only age-weeks A to B (week k = days 7k to 7k+6 of life)
          --last N             only the N weeks ending with the week that holds --today
          --baby NAME|ID       only this baby (default: every baby in the store)
    """

    var options: AggregationOptions
    var baby: String?

    /// Validates every value before anything is opened.
    /// - Throws: `UsageError` naming the option and what it expects.
    init(_ arguments: Arguments, command: String, environment: [String: String], now: Date = Date()) throws {
        /// The option's value parsed by a throwing parser, its error turned into a usage error.
        func parsed<T>(_ option: String, _ parse: (String) throws(OptionValueError) -> T) throws -> T? {
            guard let text = try arguments.value(option) else { return nil }
            let result: Result<T, OptionValueError> = Result { () throws(OptionValueError) -> T in try parse(text) }
            switch result {
            case .success(let value): return value
            case .failure(let error): throw UsageError("option '\(option)': \(error)", command: command)
            }
        }
        var zone = TimeZone.current
        if let named = try parsed("--tz", AggregationOptions.timeZone(named:)) {
            zone = named
        } else if let name = environment["TZ"], !name.isEmpty {
            let trimmed = name.hasPrefix(":") ? String(name.dropFirst()) : name
            if let named = TimeZone(identifier: trimmed) { zone = named }
        }
        let today = try arguments.value("--today", expected: "a date YYYY-MM-DD") { CivilDate(iso: $0) }
            ?? LifeCalendar(timeZone: zone).civilDate(of: now)
        var options = AggregationOptions(timeZone: zone, today: today)
        if let units = try parsed("--units", VolumeUnits.init(parsing:)) { options.units = units }
        if let start = try parsed("--day-start", ClockTime.init(parsing:)) { options.dayStart = start }
        if let night = try parsed("--night", ClockRange.init(parsing:)) { options.night = night }
        let weeks = try parsed("--weeks", WeekSelection.init(parsingWeeks:))
        let last = try parsed("--last", WeekSelection.init(parsingLast:))
        if weeks != nil, last != nil {
            throw UsageError("--weeks and --last cannot be used together", command: command)
        }
        if let selection = weeks ?? last { options.weeks = selection }
        self.options = options
        self.baby = try arguments.value("--baby")
    }
}
