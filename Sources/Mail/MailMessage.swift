import Foundation

/// An e-mail message ready to be written as RFC 5322 / MIME bytes for `sendmail -t` or `msmtp -t`.
///
/// The message is deterministic: it never reads the clock or a random source. The `Date` header comes
/// from ``date`` and ``timeZone``; the Message-ID and the MIME boundaries are derived from a SHA-256 of
/// the content, so the same inputs always give the same bytes (and a different date, a different ID).
///
/// ```swift
/// let message = try MailMessage(
///     from: try MailAddress("Reports <reports@example.com>"),
///     to: try MailAddress.list("Jürgen <j@example.com>, zoe@example.org"),
///     subject: "Zoë Müller — week 12",
///     date: reportDate, timeZone: TimeZone(identifier: "Europe/Berlin")!,
///     textBody: text, htmlBody: html,
///     attachments: [MailAttachment(filename: "zoë-week-012.csv", mediaType: .csv, data: csv)])
/// let bytes = message.serialized()
/// ```
public struct MailMessage: Sendable {
    /// The `From` address.
    public let from: MailAddress
    /// The `To` addresses, at least one.
    public let to: [MailAddress]
    /// The subject as plain text. Line breaks and tabs become spaces on the wire, other control
    /// characters are left out, so no header can be injected through it.
    public let subject: String
    /// The moment written in the `Date` header (whole seconds; fractions are dropped).
    public let date: Date
    /// The zone whose local time and offset the `Date` header shows.
    public let timeZone: TimeZone
    /// The `text/plain` body. Line breaks (LF, CR or CRLF) are sent as CRLF. When it is the only
    /// part and does not end with a line break, readers see one added (a message ends with CRLF).
    public let textBody: String
    /// The `text/html` alternative, or nil for a plain-text message. Line breaks are sent as CRLF.
    public let htmlBody: String?
    /// Files attached after the body, in order.
    public let attachments: [MailAttachment]
    /// The host name on the right of the Message-ID's `@`.
    public let messageIDDomain: String

    /// Makes a message.
    ///
    /// - Parameters:
    ///   - messageIDDomain: The domain for the Message-ID; nil uses the domain of `from`.
    /// - Throws: ``MailMessageError/noRecipients`` when `to` is empty,
    ///   ``MailMessageError/invalidMessageIDDomain(_:)`` when `messageIDDomain` is not a host name.
    public init(
        from: MailAddress,
        to: [MailAddress],
        subject: String,
        date: Date,
        timeZone: TimeZone,
        textBody: String,
        htmlBody: String? = nil,
        attachments: [MailAttachment] = [],
        messageIDDomain: String? = nil
    ) throws(MailMessageError) {
        if to.isEmpty {
            throw .noRecipients
        }
        if let messageIDDomain, MailAddress.domainProblem(messageIDDomain) != nil {
            throw .invalidMessageIDDomain(messageIDDomain)
        }
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.timeZone = timeZone
        self.textBody = textBody
        self.htmlBody = htmlBody
        self.attachments = attachments
        self.messageIDDomain = messageIDDomain ?? from.domain
    }
}
