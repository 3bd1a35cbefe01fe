import Foundation
import Mail
import ParPairModel
import Testing
@testable import ParPairReport

/// The digest e-mail's text part writes a baby's name as the week's `.md` keeps it to its line (issue 52, item 5):
/// line feeds, CR LF, NUL and U+2028 as visible escapes, written out here by hand, and no raw control character.
@Suite struct DigestNameTextTests {
    @Test func aNameIsOnePieceOfOneLineOfTheTextPart() throws {
        let zone = try DigestFixtures.zone("America/New_York")
        let name = "Mia\nparpair-report: error: forged\r\nx\u{0}y\u{2028}z <script>"
        let baby = Baby(id: UUID(uuidString: "ADA00000-0000-4000-8000-000000000002")!, name: name,
                        birthday: try DigestFixtures.instant("2026-11-02T12:00:00-05:00"))
        let logs = DigestFixtures.dailyDiapers(for: baby, zone: zone, days: 0..<21)
        let run = try DigestFixtures.run(babies: [baby], logs: logs, zone: zone, today: try DigestFixtures.date("2026-11-23"))
        let message = try DigestMessage.make(run, rendering: try DigestRendering(), from: try MailAddress("p@example.org"),
                                             to: [try MailAddress("d@example.org")])
        let text = message.textBody
        let shown = "Mia\\u{A}parpair-report: error: forged\\u{D}\\u{A}x\\u{0}y\\u{2028}z <script>"
        // Born on a Monday, 21 days logged: the complete week before today is week 2 (weeks of life count from 0), Monday 2026-11-16 to Sunday 2026-11-22.
        #expect(text.contains("\n## \(shown): week 2, 2026-11-16 to 2026-11-22\n"), "\(text)")
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("parpair-report: error: forged") || $0.hasPrefix("x") })
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 },
                "\(text.debugDescription)")
        #expect(message.subject == "Weekly digest: \(shown), week 2 (2026-11-16 – 2026-11-22)")
    }
}
