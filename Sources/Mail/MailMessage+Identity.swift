import AESCrypto
import Foundation

extension MailMessage {
    /// The `Message-ID`, `<32 hex digits@messageIDDomain>`, derived from the content.
    ///
    /// Equal inputs (including the `Date` header to the second) give the same ID; any change gives another.
    public var messageID: String {
        "<\(contentDigest.prefix(32))@\(messageIDDomain)>"
    }

    /// SHA-256, in hexadecimal, of every input that reaches the message, each one length-prefixed so
    /// that moving bytes from one field to the next changes the digest.
    var contentDigest: String {
        var hash = SHA256()
        func field(_ bytes: some Collection<UInt8>) {
            let count = UInt64(bytes.count)
            hash.update((0..<8).reversed().map { UInt8(truncatingIfNeeded: count >> ($0 * 8)) })
            hash.update(bytes)
        }
        func field(_ text: String) { field(Array(text.utf8)) }

        field("parpair-mail-1")
        field(from.description)
        field(String(to.count))
        for address in to { field(address.description) }
        field(subject)
        field(MailMessage.dateHeaderValue(for: date, in: timeZone))
        field(messageIDDomain)
        field(textBody)
        field(htmlBody == nil ? "no html" : "html")
        field(htmlBody ?? "")
        field(String(attachments.count))
        for attachment in attachments {
            field(attachment.filename)
            field(attachment.mediaType.description)
            field(attachment.data)
        }
        let digits = Array("0123456789abcdef")
        return String(hash.finalize().flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
    }

    /// MIME boundaries for the `multipart/mixed` and `multipart/alternative` parts.
    ///
    /// They start with `=_`, which can appear neither in quoted-printable (where `=` is always followed
    /// by hex digits or a line break) nor in base64, so no encoded body line can look like a delimiter.
    func boundaries(digest: String) -> (mixed: String, alternative: String) {
        let hex = Array(digest)
        return ("=_mixed_" + String(hex[32..<48]), "=_alt_" + String(hex[48..<64]))
    }
}
