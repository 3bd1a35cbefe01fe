import Foundation
import Testing
@testable import ParPairReport

/// A zone's offset as the warnings write it: hours, and minutes only when there are some, zero-padded.
@Suite struct ZoneOffsetTextTests {
    @Test(arguments: [
        ("UTC", "UTC+0"), ("Asia/Kolkata", "UTC+5:30"), ("America/St_Johns", "UTC−3:30"), ("Asia/Kathmandu", "UTC+5:45"),
        ("Pacific/Chatham", "UTC+13:45"), ("America/New_York", "UTC−5"), ("Pacific/Marquesas", "UTC−9:30"),
    ])
    func anOffsetReadsAsTheWarningsWriteIt(_ zone: String, _ text: String) throws {
        let moment = Date(timeIntervalSince1970: 1_795_156_200)  // 2026-11-20: St John's and New York on standard time, Chatham on summer time
        #expect(PhoneDefaults.offset(try #require(TimeZone(identifier: zone)), at: moment) == text)
    }
}
