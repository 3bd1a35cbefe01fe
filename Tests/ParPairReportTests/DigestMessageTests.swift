import Foundation
import Mail
import ParPairReport
import TestSupport
import Testing
import XHTML

/// The digest e-mail, read back by Python's `email` package (policy.default).
@Suite("Digest e-mail")
struct DigestMessageTests {
    static func message(_ run: DigestRun, rendering: DigestRendering, to: String = "Zoë Ångström <zoe@example.org>, dr.ruiz@clinic.example") throws -> [UInt8] {
        try DigestMessage.make(
            run, rendering: rendering, from: try MailAddress("ParPair Café <parpair@example.org>"), to: try MailAddress.list(to)
        ).serialized()
    }

    @Test("Python gets back the exact CSV bytes, the HTML (valid) and the plain text, and every header")
    func pythonRoundTrip() throws {
        let run = try DigestFixtures.sampleRun(today: "2026-11-20")
        let rendering = try DigestRendering()
        let bytes = try Self.message(run, rendering: rendering)
        let parsed = try PythonEmailParser.parse(bytes)

        #expect(parsed.defects.isEmpty, "\(parsed.defects)")
        for name in ["From", "To", "Subject", "Date", "Message-ID", "MIME-Version"] {
            #expect(parsed.headerNames.contains(name), "missing \(name)")
        }
        #expect(parsed.from == [.init(name: "ParPair Café", addr: "parpair@example.org")])
        #expect(parsed.to == [.init(name: "Zoë Ångström", addr: "zoe@example.org"), .init(name: "", addr: "dr.ruiz@clinic.example")])
        #expect(parsed.subject == "Weekly digest: Léo, week 20 (2026-11-11 – 2026-11-17); Mia, week 11 (2026-11-08 – 2026-11-14)")
        #expect(parsed.dateTimestamp == 1_795_176_000)  // 2026-11-20 07:00 in New York (EST) = 12:00 UTC
        #expect(parsed.mimeVersion == "1.0")
        #expect(parsed.messageID?.hasSuffix("@example.org>") == true)
        #expect(parsed.structure == ["multipart/mixed", "multipart/alternative", "text/plain", "text/html", "text/csv", "text/csv"])

        let parts = parsed.parts
        try #require(parts.count == 4)
        // MIME text travels in canonical form, CRLF line ends: compare with the documents' LF turned into CRLF.
        func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }
        // The plain text is the Markdown digest, then the legend of the attached CSV's columns.
        let text = try #require(parts[0].content)
        #expect(text.hasPrefix(crlf(try rendering.plainText(run))))
        #expect(text.contains("America/New_York") && !text.contains("America/New\\_York"), "plain text, no Markdown escapes")
        #expect(text.contains("\r\nThe attached CSV has one row per day of the week; its columns:\r\n\r\n    baby  "))
        #expect(text.contains("\r\n    logged  ") && text.contains("Logged: 1 when the day has any log, 0 when none (its figure cells are then empty, not zero)"))
        #expect(text.contains("\r\n    wet  ") && text.contains("Wet diapers: Wet diapers, mixed ones included\r\n"))
        #expect(text.hasSuffix("Findings: Logs of the day or week left out of the totals or to check, listed in the report\r\n"))
        let html = try #require(parts[1].content)
        #expect(html == crlf(try rendering.document(run, format: .html)))
        let validation = XHTMLValidator().validate(html, name: "digest from the e-mail")
        #expect(validation.passed, "\(validation)")
        #expect(html.contains("Léo: week 20") && html.contains("Mia: week 11"))

        let files = try rendering.files(run, formats: [.csv])
        #expect(parts[2].filename == "Léo-week-020.csv")
        #expect(parts[3].filename == "Mia-week-011.csv")
        for (part, file) in zip(parts[2...], files) {
            #expect(part.type == "text/csv")
            #expect(part.charset == "utf-8")
            #expect(part.disposition == "attachment")
            #expect(part.payload == file.bytes, "the attachment differs from \(file.relativePath)")
            #expect(part.payload.contains(0x0d))  // CRLF rows survive
        }
    }

    @Test("on the wire: CRLF only, 7-bit, lines of at most 998 octets, the Date of 07:00 local")
    func wireFormat() throws {
        let run = try DigestFixtures.sampleRun(today: "2026-11-20")
        let bytes = try Self.message(run, rendering: try DigestRendering())
        #expect(bytes.allSatisfy { $0 < 0x80 })
        var lineLength = 0
        var bareLineFeeds = 0
        var longest = 0
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0a {
                if index == 0 || bytes[index - 1] != 0x0d { bareLineFeeds += 1 }
                longest = max(longest, lineLength - 1)
                lineLength = 0
            } else {
                lineLength += 1
            }
        }
        #expect(bareLineFeeds == 0)
        #expect(longest <= 998)
        #expect(bytes.suffix(2) == [0x0d, 0x0a])
        let head = String(decoding: bytes.prefix(2000), as: UTF8.self)
        #expect(head.contains("\r\nDate: Fri, 20 Nov 2026 07:00:00 -0500\r\n"))
        #expect(head.contains("=?utf-8?"))  // the non-ASCII names are encoded words
    }

    @Test("the same run gives the same bytes; another day another Date and Message-ID")
    func deterministic() throws {
        let rendering = try DigestRendering()
        let first = try Self.message(try DigestFixtures.sampleRun(today: "2026-11-20"), rendering: rendering)
        let again = try Self.message(try DigestFixtures.sampleRun(today: "2026-11-20"), rendering: rendering)
        #expect(first == again)
        let sunday = try Self.message(try DigestFixtures.sampleRun(today: "2026-11-22"), rendering: rendering)
        let headers = { (bytes: [UInt8]) in
            String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").filter { $0.hasPrefix("Date:") || $0.hasPrefix("Message-ID:") }
        }
        #expect(headers(sunday).count == 2)
        #expect(Set(headers(sunday)).isDisjoint(with: headers(first)))
    }

    @Test("with no complete week, the message is the body alone and says when the first digest is due")
    func noDigest() throws {
        let run = try DigestFixtures.sampleRun(today: "2026-08-25", baby: "Mia")
        let rendering = try DigestRendering()
        let parsed = try PythonEmailParser.parse(try Self.message(run, rendering: rendering, to: "ana@example.org"))
        #expect(parsed.defects.isEmpty)
        #expect(parsed.structure == ["multipart/alternative", "text/plain", "text/html"])
        #expect(parsed.subject == "Weekly digest: no complete week to report (Mia)")
        let text = try #require(parsed.parts.first?.content)
        #expect(text.contains("No baby has a complete week to report yet."))
        #expect(text.contains("no digest for Mia yet: born 2026-08-23, 2 days old on 2026-08-25"))
        #expect(text.contains("the first digest can be made on 2026-08-30"))
        let html = try #require(parsed.parts.last?.content)
        #expect(XHTMLValidator().validate(html, name: "no digest").passed)
    }

    @Test("with --redact, the subject and the attachment names carry no name")
    func redacted() throws {
        let run = try DigestFixtures.sampleRun(today: "2026-11-20", redact: true)
        let parsed = try PythonEmailParser.parse(try Self.message(run, rendering: try DigestRendering(), to: "ana@example.org"))
        #expect(parsed.subject == "Weekly digest: L., week 20 (2026-11-11 – 2026-11-17); M., week 11 (2026-11-08 – 2026-11-14)")
        #expect(parsed.parts.compactMap(\.filename) == ["baby-37f3d1fd-week-020.csv", "baby-8c720336-week-011.csv"])
        #expect(parsed.parts.allSatisfy { !($0.content ?? "").contains("Léo") })
    }
}
