import Foundation
import Mail
import TestSupport
import Testing

/// Messages built here are read back by Python's `email` package and must come back exactly.
@Suite("Round trip through Python's email parser")
struct MailMessageRoundTripTests {
    @Test("The report message comes back: headers, structure, text, HTML and CSV bytes")
    func reportMessage() throws {
        let message = try MailFixtures.reportMessage()
        let parsed = try PythonEmailParser.parse(message.serialized())

        #expect(parsed.defects == [])
        #expect(parsed.from == [.init(name: "ParPair Reports", addr: "reports@example.com")])
        #expect(parsed.to == [
            .init(name: "Jürgen", addr: "j@example.com"),
            .init(name: "Doe, Jo", addr: "jo@example.org"),
            .init(name: "", addr: "plain@example.net"),
        ])
        #expect(parsed.subject == "Zoë Müller — week 12")
        #expect(parsed.dateTimestamp == 1_796_018_400)
        #expect(parsed.mimeVersion == "1.0")
        let id = try #require(parsed.messageID)
        #expect(id.wholeMatch(of: /<[0-9a-f]{32}@example\.com>/) != nil, "Message-ID \(id)")
        #expect(id == message.messageID)
        #expect(parsed.headerNames.prefix(6) == ["From", "To", "Subject", "Date", "Message-ID", "MIME-Version"])
        #expect(parsed.structure == ["multipart/mixed", "multipart/alternative", "text/plain", "text/html", "text/csv"])

        try #require(parsed.parts.count == 3)
        let (text, html, csv) = (parsed.parts[0], parsed.parts[1], parsed.parts[2])
        #expect(text.content == MailFixtures.textBody)
        #expect(text.charset == "utf-8")
        #expect(html.content == MailFixtures.htmlBody)
        #expect(html.charset == "utf-8")
        #expect(csv.payload == MailFixtures.csvBytes)
        #expect(csv.filename == "zoë-week-012.csv")
        #expect(csv.charset == "utf-8")
        #expect(csv.disposition == "attachment")
        #expect(csv.transferEncoding == "base64")
    }

    @Test("Non-ASCII header text is in encoded-words of at most 75 characters that each hold whole UTF-8 characters")
    func encodedWordsAreWholeAndShort() throws {
        let subject = String(repeating: "Zoë 👶🏽 Müller — Woche 12, schläft gut; ", count: 6) + "日本語のテキスト"
        let message = try MailFixtures.reportMessage(subject: subject)
        let parsed = try PythonEmailParser.parse(message.serialized())

        #expect(parsed.defects == [])
        #expect(parsed.subject == subject)
        #expect(parsed.encodedWords.count > 6)
        for word in parsed.encodedWords {
            #expect(word.word.utf8.count <= 75, "\(word.word)")
            #expect(word.validUTF8, "\(word.word) does not decode on its own")
        }
    }

    @Test(
        "Text bodies come back exactly",
        arguments: [
            ("plain", "Hello\r\nworld\r\n"),
            ("no final line break", "Hello"),
            ("empty", ""),
            ("long line", String(repeating: "week twelve was good; ", count: 40) + "\r\n"),
            ("long word", String(repeating: "x", count: 500)),
            ("trailing white space", "tab\t\r\nspaces   \r\n \r\n\t"),
            ("dot lines", ".\r\n..\r\n.leading dot\r\n"),
            ("From lines", "From here\r\nFrom: not a header\r\n>From quoted\r\n"),
            ("equals signs", "a=b ==c =3D =\r\n=?utf-8?Q?x?=\r\n"),
            ("boundary look-alikes", "--=_mixed_0123\r\n--=_alt_4567--\r\n--\r\n"),
            ("control bytes", "nul\u{0} bell\u{7} del\u{7F} c1\u{85}"),
            ("mostly Japanese (base64 is shorter)", String(repeating: "赤ちゃんはよく眠りました。", count: 20) + "\r\n"),
            ("emoji across soft breaks", String(repeating: "a👶🏽", count: 60)),
        ]
    )
    func textBodies(_ name: String, _ body: String) throws {
        let message = try MailFixtures.reportMessage(textBody: body, htmlBody: "<p>" + body + "</p>")
        let parsed = try PythonEmailParser.parse(message.serialized())

        #expect(parsed.defects == [])
        try #require(parsed.parts.count == 3)
        #expect(parsed.parts[0].content == body)
        #expect(parsed.parts[1].content == "<p>" + body + "</p>")
    }

    @Test(
        "Subjects fold within 78 columns and come back exactly",
        arguments: [
            "Week 12",
            "",
            "Weekly report for the family: feeds, sleep, diapers and growth over the last seven days",
            String(repeating: "x", count: 75),
            "a " + String(repeating: "y", count: 76) + " b",
            "two  spaces and a trailing one ",
            " leading space",
            "=?utf-8?Q?looks_encoded?=",
            "Zoë Müller — week 12",
        ]
    )
    func subjects(_ subject: String) throws {
        let bytes = try MailFixtures.reportMessage(subject: subject).serialized()
        let parsed = try PythonEmailParser.parse(bytes)

        #expect(parsed.defects == [])
        #expect(parsed.subject == subject)
        let lines = MailFixtures.headerLines(named: "Subject", in: bytes)
        #expect(lines.allSatisfy { $0.utf8.count <= 78 }, "\(lines)")
    }

    @Test("Bare LF and CR line breaks in a text body are sent as CRLF")
    func lineBreaksBecomeCRLF() throws {
        let message = try MailFixtures.reportMessage(textBody: "a\nb\rc\r\nd\n\ne")
        let parsed = try PythonEmailParser.parse(message.serialized())

        #expect(parsed.parts.first?.content == "a\r\nb\r\nc\r\nd\r\n\r\ne")
    }

    @Test(
        "Attachment file names come back, with an ASCII fallback for older readers",
        arguments: [
            "zoë-week-012.csv",
            "report.csv",
            "a \"quoted\" \\ name.csv",
            "Wochenbericht für Zoë Müller und Jürgen, Kalenderwoche 12 von 2026 — vollständig.csv",
            "日本語のファイル名と、とても長い説明が付いた週報のファイル名です.csv",
            String(repeating: "long-ascii-name-", count: 6) + ".csv",
        ]
    )
    func attachmentFilenames(_ filename: String) throws {
        let attachment = MailAttachment(filename: filename, mediaType: .csv, data: Data(MailFixtures.csvBytes))
        let message = try MailFixtures.reportMessage(attachments: [attachment])
        let bytes = message.serialized()
        let parsed = try PythonEmailParser.parse(bytes)

        #expect(parsed.defects == [])
        #expect(parsed.parts.last?.filename == filename)
        #expect(parsed.parts.last?.payload == MailFixtures.csvBytes)
        let head = String(decoding: bytes, as: UTF8.self)
        let fallback = try #require(head.firstMatch(of: /\bfilename="([^"]*)"/), "no plain filename= parameter")
        #expect(fallback.1.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test("The ASCII fallback for zoë-week-012.csv drops the accent")
    func asciiFallbackName() throws {
        let message = try MailFixtures.reportMessage()
        let text = String(decoding: message.serialized(), as: UTF8.self)

        #expect(text.contains("filename*=utf-8''zo%C3%AB-week-012.csv;\r\n filename=\"zoe-week-012.csv\"")
            || text.contains("filename*=utf-8''zo%C3%AB-week-012.csv; filename=\"zoe-week-012.csv\""))
    }

    @Test("Binary, empty and several attachments keep their bytes and order")
    func binaryAttachments() throws {
        let allBytes = (0...255).map(UInt8.init) + (0...255).reversed().map(UInt8.init)
        let attachments = [
            MailAttachment(filename: "all-bytes.bin", mediaType: .octetStream, data: Data(allBytes)),
            MailAttachment(filename: "empty.csv", mediaType: .csv, data: Data()),
            MailAttachment(filename: "week.json", mediaType: .json, data: Data("{\"week\": 12}".utf8)),
        ]
        let parsed = try PythonEmailParser.parse(try MailFixtures.reportMessage(attachments: attachments).serialized())

        #expect(parsed.defects == [])
        #expect(parsed.structure == [
            "multipart/mixed", "multipart/alternative", "text/plain", "text/html",
            "application/octet-stream", "text/csv", "application/json",
        ])
        try #require(parsed.parts.count == 5)
        #expect(parsed.parts[2].payload == allBytes)
        #expect(parsed.parts[2].filename == "all-bytes.bin")
        #expect(parsed.parts[3].payload == [])
        #expect(parsed.parts[4].payload == Array("{\"week\": 12}".utf8))
    }

    @Test("Without attachments or HTML the message has only the parts it needs")
    func smallerStructures() throws {
        let csv = MailAttachment(filename: "w.csv", mediaType: .csv, data: Data(MailFixtures.csvBytes))
        let alternative = try PythonEmailParser.parse(try MailFixtures.reportMessage(attachments: []).serialized())
        let mixedPlain = try PythonEmailParser.parse(try MailFixtures.reportMessage(htmlBody: nil, attachments: [csv]).serialized())
        let plain = try PythonEmailParser.parse(try MailFixtures.reportMessage(htmlBody: nil, attachments: []).serialized())

        #expect(alternative.structure == ["multipart/alternative", "text/plain", "text/html"])
        #expect(alternative.parts.map(\.content) == [MailFixtures.textBody, MailFixtures.htmlBody])
        #expect(mixedPlain.structure == ["multipart/mixed", "text/plain", "text/csv"])
        #expect(mixedPlain.parts.first?.content == MailFixtures.textBody)
        #expect(plain.structure == ["text/plain"])
        #expect(plain.parts.first?.content == MailFixtures.textBody)
        #expect((alternative.defects + mixedPlain.defects + plain.defects) == [])
    }

    @Test("A long To list is folded and every recipient comes back in order")
    func longRecipientList() throws {
        let names = ["Jürgen Müller", "Doe, Jo", "Zoë", "Ana María Pérez-González de la Fuente y Martínez", "李小龙", "O'Brien", ""]
        let recipients = (0..<21).map { index in
            let name = names[index % names.count]
            return try! MailAddress(displayName: name, addrSpec: "recipient.number\(index)@clinic\(index).example.org")
        }
        let bytes = try MailFixtures.reportMessage(to: recipients).serialized()
        let parsed = try PythonEmailParser.parse(bytes)

        #expect(parsed.defects == [])
        #expect(parsed.to == recipients.map { .init(name: $0.displayName ?? "", addr: $0.addrSpec) })
        let toLines = MailFixtures.headerLines(named: "To", in: bytes)
        #expect(toLines.count > 5)
        #expect(toLines.allSatisfy { $0.utf8.count <= 78 }, "\(toLines.filter { $0.utf8.count > 78 })")
    }

    @Test("Line breaks in the subject or a file name cannot inject a header")
    func headerInjection() throws {
        let attachment = MailAttachment(filename: "week\r\nBcc: evil@example.com.csv", mediaType: .csv, data: Data("a".utf8))
        let message = try MailFixtures.reportMessage(subject: "Week 12\r\nBcc: evil@example.com\nX-Evil:\tyes", attachments: [attachment])
        let parsed = try PythonEmailParser.parse(message.serialized())

        #expect(parsed.defects == [])
        #expect(parsed.subject == "Week 12 Bcc: evil@example.com X-Evil: yes")
        #expect(parsed.parts.last?.filename == "weekBcc: evil@example.com.csv")
        #expect(!parsed.headerNames.contains("Bcc"))
        #expect(!parsed.headerNames.contains("X-Evil"))
    }

    @Test("A lone text/plain body keeps its final line break, and gains one when it has none")
    func topLevelText() throws {
        let withBreak = try PythonEmailParser.parse(try MailFixtures.reportMessage(textBody: "Hello\r\n", htmlBody: nil, attachments: []).serialized())
        let without = try PythonEmailParser.parse(try MailFixtures.reportMessage(textBody: "Hello", htmlBody: nil, attachments: []).serialized())

        #expect(withBreak.parts.first?.content == "Hello\r\n")
        #expect(without.parts.first?.content == "Hello\r\n")
    }

    @Test("Display names that need quoting or encoding come back exactly")
    func displayNames() throws {
        let names = ["Jürgen", "Doe, Jo", "Jo \"JD\" Doe", "back\\slash", "=?utf-8?Q?not_encoded?=", "J. R. R. Doe",
                     "Müller, Jürgen", "Ana María Pérez-González de la Fuente y Martínez", "O'Brien-Smith",
                     String(repeating: "Very Long Name ", count: 8) + "End"]
        let recipients = names.enumerated().map { try! MailAddress(displayName: $1, addrSpec: "r\($0)@example.com") }
        let parsed = try PythonEmailParser.parse(try MailFixtures.reportMessage(to: recipients).serialized())

        #expect(parsed.defects == [])
        #expect(parsed.to.map(\.name) == names)
    }
}
