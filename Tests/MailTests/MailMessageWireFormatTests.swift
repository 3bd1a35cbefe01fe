import Foundation
import Mail
import Testing

/// The bytes themselves: line endings and lengths, determinism, the Date header, construction errors.
@Suite("Wire format")
struct MailMessageWireFormatTests {
    @Test("Every line ends in CRLF, is 7-bit ASCII and at most 78 octets (998 is the hard limit)")
    func lineStructure() throws {
        let attachments = [
            MailAttachment(filename: "zoë-week-012.csv", mediaType: .csv, data: Data(MailFixtures.csvBytes)),
            MailAttachment(filename: "big.bin", mediaType: .octetStream, data: Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })),
        ]
        let longText = String(repeating: "Zoë slept 11 h 20 min; ", count: 30) + "\r\n" + String(repeating: "ü", count: 300)
        let message = try MailFixtures.reportMessage(
            subject: String(repeating: "Zoë Müller — week 12 ", count: 5),
            textBody: longText,
            htmlBody: "<p>" + longText + "</p>",
            attachments: attachments
        )
        let bytes = message.serialized()
        let (lines, allCRLF) = MailFixtures.lines(of: bytes)

        #expect(allCRLF)
        #expect(bytes.suffix(2) == [0x0d, 0x0a])
        #expect(bytes.allSatisfy { $0 < 0x80 })
        #expect(lines.allSatisfy { $0.count <= 998 })
        let long = lines.filter { $0.count > 78 }.map { String(decoding: $0, as: UTF8.self) }
        #expect(long == [])
    }

    @Test("The header section has the required fields, each once, in order")
    func requiredHeaders() throws {
        let bytes = try MailFixtures.reportMessage().serialized()
        let names = MailFixtures.headerSection(of: bytes).components(separatedBy: "\r\n")
            .filter { !$0.hasPrefix(" ") }
            .compactMap { $0.split(separator: ":").first.map(String.init) }

        #expect(names == ["From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type"])
        #expect(MailFixtures.headerSection(of: bytes).contains("\r\nDate: Mon, 30 Nov 2026 07:00:00 +0100\r\n"))
        #expect(MailFixtures.headerSection(of: bytes).contains("\r\nMIME-Version: 1.0\r\n"))
        #expect(MailFixtures.headerSection(of: bytes).contains("\r\nContent-Type: multipart/mixed; boundary=\"=_mixed_"))
    }

    @Test("Two builds from the same inputs are byte-identical")
    func deterministic() throws {
        let first = try MailFixtures.reportMessage().serialized()
        let second = try MailFixtures.reportMessage().serialized()

        #expect(first == second)
    }

    @Test("Message-ID and boundaries change with the content and the date")
    func identityFollowsContent() throws {
        let base = try MailFixtures.reportMessage()
        var csv = MailFixtures.csvBytes
        csv[csv.count - 3] = UInt8(ascii: "1")
        let otherCSV = try MailFixtures.reportMessage(attachments: [MailAttachment(filename: "zoë-week-012.csv", mediaType: .csv, data: Data(csv))])
        let nextDay = try MailFixtures.reportMessage(date: MailFixtures.reportDate.addingTimeInterval(86_400))
        let sameSecond = try MailFixtures.reportMessage(date: MailFixtures.reportDate.addingTimeInterval(0.25))

        #expect(base.messageID != otherCSV.messageID)
        #expect(base.messageID != nextDay.messageID)
        #expect(base.messageID == sameSecond.messageID)
        let boundary = /boundary="([^"]+)"/
        let baseBoundaries = String(decoding: base.serialized(), as: UTF8.self).matches(of: boundary).map { String($0.1) }
        let otherBoundaries = String(decoding: otherCSV.serialized(), as: UTF8.self).matches(of: boundary).map { String($0.1) }
        #expect(baseBoundaries.count == 2)
        #expect(Set(baseBoundaries).isDisjoint(with: otherBoundaries))
    }

    @Test("The Message-ID domain is the sender's unless another is given")
    func messageIDDomain() throws {
        let from = MailFixtures.address("reports@parpair.example")
        let to = [MailFixtures.address("j@example.com")]
        let own = try MailMessage(from: from, to: to, subject: "s", date: MailFixtures.reportDate, timeZone: MailFixtures.berlin, textBody: "t")
        let given = try MailMessage(from: from, to: to, subject: "s", date: MailFixtures.reportDate, timeZone: MailFixtures.berlin,
                                    textBody: "t", messageIDDomain: "mail.example.net")

        #expect(own.messageID.hasSuffix("@parpair.example>"))
        #expect(given.messageID.hasSuffix("@mail.example.net>"))
        #expect(throws: MailMessageError.invalidMessageIDDomain("bad domain\r\nBcc: x@y.z")) {
            try MailMessage(from: from, to: to, subject: "s", date: MailFixtures.reportDate, timeZone: MailFixtures.berlin,
                            textBody: "t", messageIDDomain: "bad domain\r\nBcc: x@y.z")
        }
        #expect(throws: MailMessageError.noRecipients) {
            try MailMessage(from: from, to: [], subject: "s", date: MailFixtures.reportDate, timeZone: MailFixtures.berlin, textBody: "t")
        }
    }

    // Expected values from GNU date, e.g. `TZ=Europe/Berlin date -d 2026-11-30T06:00:00Z -R`.
    @Test(
        "Date header per RFC 5322 in the given zone",
        arguments: [
            (1_796_018_400.0, "Europe/Berlin", "Mon, 30 Nov 2026 07:00:00 +0100"),
            (1_781_519_405.75, "Europe/Berlin", "Mon, 15 Jun 2026 12:30:05 +0200"),
            (1_767_323_045.0, "America/New_York", "Thu, 01 Jan 2026 22:04:05 -0500"),
            (1_709_232_300.0, "Asia/Kolkata", "Fri, 01 Mar 2024 00:15:00 +0530"),
            (1_772_323_200.0, "UTC", "Sun, 01 Mar 2026 00:00:00 +0000"),
            (946_684_799.0, "Pacific/Chatham", "Sat, 01 Jan 2000 13:44:59 +1345"),
            (1_783_166_400.0, "America/St_Johns", "Sat, 04 Jul 2026 09:30:00 -0230"),
            (-1.0, "UTC", "Wed, 31 Dec 1969 23:59:59 +0000"),
            (951_825_600.0, "Australia/Lord_Howe", "Tue, 29 Feb 2000 23:00:00 +1100"),
        ]
    )
    func dateHeader(_ seconds: Double, _ zone: String, _ expected: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))

        #expect(MailMessage.dateHeaderValue(for: Date(timeIntervalSince1970: seconds), in: timeZone) == expected)
    }
}
