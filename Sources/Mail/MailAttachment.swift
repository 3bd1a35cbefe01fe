import Foundation

/// A file attached to a message, sent base64-encoded so its bytes arrive unchanged.
public struct MailAttachment: Sendable, Hashable {
    /// The name the recipient sees, any text (`zoë-week-012.csv`). Control characters are left out on
    /// the wire; non-ASCII names are sent per RFC 2231 with an ASCII fallback.
    public var filename: String
    /// The media type, e.g. ``MailMediaType/csv``.
    public var mediaType: MailMediaType
    /// The exact bytes of the file.
    public var data: Data

    /// Makes an attachment.
    ///
    /// ```swift
    /// let csv = MailAttachment(filename: "zoë-week-012.csv", mediaType: .csv, data: Data(csvText.utf8))
    /// ```
    public init(filename: String, mediaType: MailMediaType, data: Data) {
        self.filename = filename
        self.mediaType = mediaType
        self.data = data
    }
}
