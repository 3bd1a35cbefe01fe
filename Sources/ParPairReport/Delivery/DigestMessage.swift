import Foundation
import Mail
import ParPairModel
import PrintableText

/// The e-mail of one digest run: one message for every baby, ready for `sendmail -t`.
///
/// - Body: `multipart/alternative` of the Markdown digest as `text/plain` (without Markdown's escapes) and the validated XHTML
///   digest as `text/html`, covering every baby with a complete week, then the babies without one.
/// - The text part ends with the legend of the CSV's columns (`CSVColumnGuide`).
/// - Attachments: each baby's week as CSV (`text/csv; charset=utf-8`), named `Léo-week-020.csv`, the
///   same bytes as the `.csv` file `--out` writes. With no digest at all (a newborn's first week) the
///   message is the body alone, saying when the first digest is due.
/// - `Date`: 07:00 on the run's today in its time zone, never the wall clock, so a rerun gives the
///   same bytes. The `Message-ID` is derived from the content, on the domain of the `From` address,
///   so a rerun also gives the same ID and a mail client shows a message sent twice once.
public enum DigestMessage {
    /// The local clock time written in the `Date` header, in minutes after midnight (07:00).
    public static let dateMinutes = 7 * 60

    /// 07:00 on the run's today, in its time zone (the first instant after a daylight-saving gap).
    public static func date(for run: DigestRun) -> Date {
        LifeCalendar(timeZone: run.options.timeZone).instant(on: run.options.today, minutes: dateMinutes)
    }

    /// `Weekly digest: Léo, week 20 (2026-11-10 – 2026-11-16); Mia, week 11 (2026-11-08 – 2026-11-14)`,
    /// or `Weekly digest: no complete week to report (Mia)`.
    /// In the run's language (`Wochenbericht: Léo, Woche 20 (10.11.2026 – 16.11.2026)`). One line: a name's
    /// controls and line separators are escaped (``PrintableText``), as in the text part.
    public static func subject(for run: DigestRun) -> String {
        PrintableText.escaped(subjectText(for: run))
    }

    static func subjectText(for run: DigestRun) -> String {
        let localizer = run.settings.localizer
        if run.digests.isEmpty {
            guard !run.skips.isEmpty else { return localizer.text("digest_subject_none") }
            return localizer.text("digest_subject_skipped", ["names": run.skips.map(\.name).joined(separator: ", ")])
        }
        return localizer.text("digest_subject", ["list": run.digests.map { digest in
            let target = digest.target
            return localizer.text("digest_subject_week", [
                "name": target.name, "week": "\(target.week)",
                "start": localizer.date(target.startDate), "end": localizer.date(target.endDate),
            ])
        }.joined(separator: "; ")])
    }

    /// Builds the message.
    /// - Parameters:
    ///   - rendering: the parsed digest templates.
    ///   - from: the `From` address; its domain names the `Message-ID`.
    ///   - to: one or more recipients.
    ///   - pdfs: each baby's PDF digest by baby id, attached after its CSV (`--attach csv,pdf`).
    /// - Throws: `ReportError` from rendering (`.invalidHTML`, `.dtdUnavailable`, `.template`),
    ///   `MailMessageError.noRecipients` for an empty `to`.
    public static func make(
        _ run: DigestRun, rendering: DigestRendering, from: MailAddress, to: [MailAddress], pdfs: [UUID: [UInt8]] = [:]
    ) throws -> MailMessage {
        var text = try rendering.plainText(run)
        if !run.digests.isEmpty {
            // The attachments' legend: what each column of the daily CSV holds, in the digest's language.
            let localizer = run.settings.localizer
            if !text.hasSuffix("\n") { text += "\n" }
            text += "\n" + localizer.text("digest_csv_legend") + "\n\n"
                + CSVColumnGuide.legend(of: .daily, units: run.options.units, localizer, indent: "    ")
        }
        let html = try rendering.document(run, format: .html)
        var attachments: [MailAttachment] = []
        for digest in run.digests {
            let csv = try rendering.bytes(digest, of: run, format: .csv)
            attachments.append(MailAttachment(
                filename: digest.target.attachmentName(redact: run.settings.redact), mediaType: .csv, data: Data(csv)))
            if let pdf = pdfs[digest.target.baby.id] {
                attachments.append(MailAttachment(
                    filename: digest.target.attachmentName(redact: run.settings.redact, extension: "pdf"), mediaType: .pdf, data: Data(pdf)))
            }
        }
        return try MailMessage(
            from: from, to: to, subject: subject(for: run), date: date(for: run), timeZone: run.options.timeZone,
            textBody: text, htmlBody: html, attachments: attachments)
    }
}
