import ParPairReport
import Testing

/// A finding's time on the printed page, as people read it: weekday, day, month, year and the clock time,
/// without the offset (the CSV and exports keep the ISO time). 30 October 2026 is a Friday (Python's
/// `datetime.date(2026, 10, 30).strftime('%a')`); the words are each catalog's own.
@Suite struct FindingTimeTests {
    @Test(arguments: [
        (Language.english, "Fri 30 Oct 2026, 19:19"),
        (.german, "Fr 30. Okt. 2026, 19:19"),
        (.french, "ven. 30 oct. 2026, 19:19"),
        (.spanish, "vie 30 oct 2026, 19:19"),
    ])
    func aFindingsTimeReadsAsPeopleReadIt(_ language: Language, _ expected: String) {
        #expect(Localizer(language).readableTime("2026-10-30T19:19:00-04:00") == expected)
    }

    @Test func aTimeItCannotReadIsShownAsItIs() {
        #expect(Localizer.english.readableTime("invalid time") == "invalid time")
        #expect(Localizer.english.readableTime("2026-13-40T19:19:00Z") == "2026-13-40T19:19:00Z")
    }

    @Test func theFirstOfJanuaryHasNoLeadingZero() {
        // 1 January 2027 is a Friday too.
        #expect(Localizer.english.readableTime("2027-01-01T00:05:00+01:00") == "Fri 1 Jan 2027, 00:05")
    }
}
