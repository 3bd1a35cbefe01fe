import ParPairAggregation
import Testing

/// The small parsers the command line calls for `--day-start`, `--night`, `--weeks`, `--last`, `--units`.
@Suite struct OptionParsingTests {
    @Test(arguments: [("00:00", 0), ("05:30", 330), ("7:05", 425), ("23:59", 1439)])
    func clockTimes(_ text: String, _ minutes: Int) throws {
        #expect(try ClockTime(parsing: text).minutes == minutes)
    }

    @Test(arguments: ["24:00", "12:60", "1230", "12:3", "-1:00", "", "ab:cd", "12:30:00", "１２:３０"])
    func badClockTimes(_ text: String) {
        #expect(throws: OptionValueError.self) { try ClockTime(parsing: text) }
    }

    @Test func clockTimeErrorNamesValueAndForm() {
        do {
            _ = try ClockTime(parsing: "25:00")
            Issue.record("25:00 parsed")
        } catch {
            #expect(error.description == "\"25:00\" is not valid: expected a clock time HH:MM from 00:00 to 23:59")
        }
    }

    @Test func nightRanges() throws {
        let night = try ClockRange(parsing: "19:00-07:00")
        #expect(night == .defaultNight)
        #expect(night.wrapsMidnight)
        #expect(night.contains(minuteOfDay: 19 * 60))
        #expect(night.contains(minuteOfDay: 0))
        #expect(!night.contains(minuteOfDay: 7 * 60))
        let nap = try ClockRange(parsing: "13:00-15:30")
        #expect(!nap.wrapsMidnight)
        #expect(nap.contains(minuteOfDay: 15 * 60 + 29))
        #expect(!nap.contains(minuteOfDay: 15 * 60 + 30))
        #expect(nap.description == "13:00-15:30")
    }

    @Test(arguments: ["19:00", "19:00-07:00-08:00", "07:00-07:00", "19-07", "25:00-07:00"])
    func badNightRanges(_ text: String) {
        #expect(throws: OptionValueError.self) { try ClockRange(parsing: text) }
    }

    @Test func weekSelections() throws {
        #expect(try WeekSelection(parsingWeeks: "2-5") == .weeks(2...5))
        #expect(try WeekSelection(parsingWeeks: "3") == .weeks(3...3))
        #expect(try WeekSelection(parsingWeeks: "0-0") == .weeks(0...0))
        #expect(try WeekSelection(parsingLast: "4") == .last(4))
        #expect(WeekSelection.weeks(2...5).description == "weeks 2-5")
    }

    @Test(arguments: ["5-2", "-1-3", "a-b", "1-", "-", "", "1-2-3", "99999999"])
    func badWeekRanges(_ text: String) {
        #expect(throws: OptionValueError.self) { try WeekSelection(parsingWeeks: text) }
    }

    @Test(arguments: ["0", "-2", "x", ""])
    func badLastCounts(_ text: String) {
        #expect(throws: OptionValueError.self) { try WeekSelection(parsingLast: text) }
    }

    @Test func unitsAndZones() throws {
        #expect(try VolumeUnits(parsing: "metric") == .metric)
        #expect(try VolumeUnits(parsing: "imperial") == .imperial)
        #expect(throws: OptionValueError.self) { try VolumeUnits(parsing: "Imperial") }
        #expect(try AggregationOptions.timeZone(named: "Australia/Lord_Howe").identifier == "Australia/Lord_Howe")
        #expect(throws: OptionValueError.self) { try AggregationOptions.timeZone(named: "Mars/Olympus") }
    }
}
