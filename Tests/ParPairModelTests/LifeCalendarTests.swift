import Foundation
import Testing
@testable import ParPairModel

/// An instant given as a UTC wall-clock time, written out so the tests do not use the code under test.
private func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test date \(text)") }
    return date
}

private func zone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else { fatalError("no zone \(identifier)") }
    return zone
}

struct LifeCalendarTests {
    @Test func ageStringMatchesTheAppFormat() {
        #expect(Age(days: 388).description == "D+388, 55w3d")
        #expect(Age(days: 0).description == "D+0, 0w0d")
        #expect(Age(days: 6).week == 0)
        #expect(Age(days: 7).week == 1)
        #expect(Age(days: 7).dayOfWeek == 0)
        #expect(Age(days: -1).week == -1)
        #expect(Age(days: -1).dayOfWeek == 6)
        #expect(Age(days: -3).description == "D-3, before birth")
    }

    @Test func birthdayLateInTheEveningCountsItsOwnLocalDate() {
        // Born 23:30 in Berlin on 2024-03-15 (22:30Z). At 00:10 local the next day the baby is one day old.
        let calendar = LifeCalendar(timeZone: zone("Europe/Berlin"))
        let birthday = utc("2024-03-15T22:30:00Z")
        #expect(calendar.civilDate(of: birthday) == CivilDate(year: 2024, month: 3, day: 15))
        #expect(calendar.age(birthday: birthday, at: utc("2024-03-15T23:10:00Z")).days == 1)
        #expect(calendar.age(birthday: birthday, at: utc("2024-03-15T22:59:00Z")).days == 0)
    }

    @Test func birthdayStoredAsMidnightUTCSeenFromLosAngeles() {
        // The app stored 2024-03-15T00:00Z; in Los Angeles that is 17:00 on 2024-03-14, so that is the birthday.
        let calendar = LifeCalendar(timeZone: zone("America/Los_Angeles"))
        let birthday = utc("2024-03-15T00:00:00Z")
        #expect(calendar.civilDate(of: birthday) == CivilDate(year: 2024, month: 3, day: 14))
        // 2024-04-11 12:00 PDT is 28 days after 2024-03-14.
        #expect(calendar.age(birthday: birthday, at: utc("2024-04-11T19:00:00Z")).description == "D+28, 4w0d")
        #expect(calendar.age(birthday: birthday, on: CivilDate(year: 2025, month: 4, day: 3)).description == "D+385, 55w0d")
    }

    @Test(arguments: [
        // New York springs forward on 2024-03-10 (23 h day) and falls back on 2024-11-03 (25 h day).
        ("America/New_York", "2024-03-09T12:00:00Z", "2024-03-11T03:59:00Z", 1, "2024-03-10T05:00:00Z", 23.0),
        ("America/New_York", "2024-11-02T12:00:00Z", "2024-11-04T04:59:00Z", 1, "2024-11-03T04:00:00Z", 25.0),
        // Berlin springs forward on 2024-03-31 and falls back on 2024-10-27.
        ("Europe/Berlin", "2024-03-30T12:00:00Z", "2024-03-31T21:59:00Z", 1, "2024-03-30T23:00:00Z", 23.0),
        ("Europe/Berlin", "2024-10-26T12:00:00Z", "2024-10-27T22:59:00Z", 1, "2024-10-26T22:00:00Z", 25.0),
    ])
    func daylightSavingDaysCountAsOneDay(
        zoneName: String, birth: String, lastMinuteOfNextDay: String, expectedDays: Int, dayOneStart: String,
        dayOneHours: Double
    ) {
        let calendar = LifeCalendar(timeZone: zone(zoneName))
        let birthday = utc(birth)
        #expect(calendar.age(birthday: birthday, at: utc(lastMinuteOfNextDay)).days == expectedDays)
        let start = calendar.startOfLifeDay(1, birthday: birthday)
        let end = calendar.startOfLifeDay(2, birthday: birthday)
        #expect(start == utc(dayOneStart))
        #expect(end.timeIntervalSince(start) == dayOneHours * 3600)
    }

    @Test func dayStartMovesReportDaysButNotAges() {
        let calendar = LifeCalendar(timeZone: zone("Europe/Berlin"), dayStartMinutes: 5 * 60)
        let birthday = utc("2024-06-01T08:00:00Z")
        // 02:00 local on 2024-06-03 still belongs to report day 1 (it starts 05:00 on 2024-06-02).
        let early = utc("2024-06-03T00:00:00Z")
        #expect(calendar.lifeDay(of: early, birthday: birthday) == 1)
        #expect(calendar.age(birthday: birthday, at: early).days == 2)
        #expect(calendar.startOfLifeDay(1, birthday: birthday) == utc("2024-06-02T03:00:00Z"))
    }

    @Test func dayStartInsideTheSpringGapUsesTheFirstInstantAfterIt() {
        // 02:30 does not exist in New York on 2024-03-10; the day starts at 03:00 EDT = 07:00Z.
        let calendar = LifeCalendar(timeZone: zone("America/New_York"), dayStartMinutes: 150)
        let start = calendar.instant(on: CivilDate(year: 2024, month: 3, day: 10), minutes: 150)
        #expect(start >= utc("2024-03-10T07:00:00Z"))
        #expect(start <= utc("2024-03-10T07:30:00Z"))
        #expect(calendar.civilDate(of: start) == CivilDate(year: 2024, month: 3, day: 10))
    }

    @Test func iso8601CarriesTheLocalOffset() {
        let berlin = LifeCalendar(timeZone: zone("Europe/Berlin"))
        #expect(berlin.iso8601(utc("2024-06-01T12:05:30Z")) == "2024-06-01T14:05:30+02:00")
        #expect(berlin.iso8601(utc("2024-01-01T00:00:00Z")) == "2024-01-01T01:00:00+01:00")
        let lordHowe = LifeCalendar(timeZone: zone("Australia/Lord_Howe"))
        #expect(lordHowe.iso8601(utc("2024-01-01T00:00:00Z")) == "2024-01-01T11:00:00+11:00")
        #expect(lordHowe.iso8601(utc("2024-07-01T00:00:00Z")) == "2024-07-01T10:30:00+10:30")
    }

    @Test func civilDatesRoundTripThroughDayNumbers() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(CivilDate(year: 2000, month: 3, day: 1).dayNumber == 11_017)
        #expect(CivilDate(year: 2024, month: 2, day: 29).adding(days: 1) == CivilDate(year: 2024, month: 3, day: 1))
        #expect(CivilDate(year: 1, month: 1, day: 1).description == "0001-01-01")
        #expect(CivilDate(year: 2026, month: 11, day: 2).description == "2026-11-02")
        #expect(CivilDate(year: 999, month: 12, day: 31).description == "0999-12-31")
        #expect(CivilDate(year: 0, month: 3, day: 10).description == "0000-03-10")
        #expect(CivilDate(year: 9999, month: 10, day: 1).description == "9999-10-01")
        #expect(CivilDate(year: 10_000, month: 1, day: 1).description == "10000-01-01")
        #expect(CivilDate(iso: "2024-02-30") == nil)
        #expect(CivilDate(iso: "2023-02-29") == nil)
        #expect(CivilDate(iso: "2024-2-3") == nil)
        #expect(CivilDate(iso: "2026-11-29") == CivilDate(year: 2026, month: 11, day: 29))
        // Digits only, read on the bytes; any other form the general way, with Int's signs.
        #expect(CivilDate(iso: "2024-02-29") == CivilDate(year: 2024, month: 2, day: 29))
        #expect(CivilDate(iso: "0000-03-10") == CivilDate(year: 0, month: 3, day: 10))
        for invalid in ["2024-13-01", "2024-00-10", "2024-01-00", "2024-01-0a", "2024/01/01", "2024-01-01T", "２０２４-01-01",
                        "-024-01-01", "2024--1-01", "2024-01-\u{301}1"] {
            #expect(CivilDate(iso: invalid) == nil, "\(invalid)")
        }
        #expect(CivilDate(iso: "2024-+1-01") == CivilDate(year: 2024, month: 1, day: 1))
        #expect(CivilDate(iso: "+024-01-01") == CivilDate(year: 24, month: 1, day: 1))
        #expect(CivilDate(year: 2026, month: 11, day: 30).isoWeekday == 1)  // a Monday
        for n in stride(from: -800_000, through: 3_000_000, by: 9_973) {
            #expect(CivilDate(dayNumber: n).dayNumber == n)
        }
    }
}
