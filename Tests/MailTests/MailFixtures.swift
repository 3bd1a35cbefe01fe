import Foundation
import Mail

/// Messages and inputs shared by the tests, written out by hand.
enum MailFixtures {
    /// 2026-11-30T06:00:00Z, i.e. 07:00 in Berlin (epoch checked with `date -d 2026-11-30T06:00:00Z +%s`).
    static let reportDate = Date(timeIntervalSince1970: 1_796_018_400)
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static let textBody = "Hello Jürgen,\r\n\r\nWeek 12 for Zoë: 42 feeds, 5.1 kg.\r\n-- \r\nParPair\r\n"
    static let htmlBody = "<!DOCTYPE html>\r\n<html><body><p>Week 12 for <b>Zoë</b>: 42 feeds, 5.1&#160;kg.</p></body></html>\r\n"
    static let csvBytes = Array("date,kind,amount\r\n2026-11-23,bottle,120\r\n2026-11-23,\"Müsli, Brei\",80\r\n".utf8)

    static func address(_ text: String) -> MailAddress {
        do {
            return try MailAddress(text)
        } catch {
            fatalError("fixture address \(text) is invalid: \(error)")
        }
    }

    /// The message the CLI is meant to send: mixed, holding alternative text/HTML and a CSV.
    static func reportMessage(
        subject: String = "Zoë Müller — week 12",
        to: [MailAddress] = [address("Jürgen <j@example.com>"), address("\"Doe, Jo\" <jo@example.org>"), address("plain@example.net")],
        date: Date = reportDate,
        textBody: String = textBody,
        htmlBody: String? = htmlBody,
        attachments: [MailAttachment] = [MailAttachment(filename: "zoë-week-012.csv", mediaType: .csv, data: Data(csvBytes))]
    ) throws -> MailMessage {
        try MailMessage(
            from: address("ParPair Reports <reports@example.com>"),
            to: to,
            subject: subject,
            date: date,
            timeZone: berlin,
            textBody: textBody,
            htmlBody: htmlBody,
            attachments: attachments
        )
    }

    /// The message's lines without their CRLF; fails the split if any line break is not CRLF.
    static func lines(of bytes: [UInt8]) -> (lines: [ArraySlice<UInt8>], allCRLF: Bool) {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var allCRLF = true
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0d || bytes[index] == 0x0a {
                if bytes[index] == 0x0d, index + 1 < bytes.count, bytes[index + 1] == 0x0a {
                    lines.append(bytes[start..<index])
                    index += 2
                    start = index
                    continue
                }
                allCRLF = false
            }
            index += 1
        }
        if start != bytes.count {
            allCRLF = false  // The last line has no CRLF.
            lines.append(bytes[start...])
        }
        return (lines, allCRLF)
    }

    /// The header section (up to the first empty line) as text with folding left in.
    static func headerSection(of bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "\r\n\r\n").first ?? ""
    }

    /// One header's physical lines (the field line and its continuation lines), without CRLF.
    static func headerLines(named name: String, in bytes: [UInt8]) -> [String] {
        let head = headerSection(of: bytes).components(separatedBy: "\r\n")
        guard let start = head.firstIndex(where: { $0.hasPrefix(name + ":") }) else { return [] }
        var lines = [head[start]]
        for line in head[(start + 1)...] {
            guard line.hasPrefix(" ") || line.hasPrefix("\t") else { break }
            lines.append(line)
        }
        return lines
    }
}
