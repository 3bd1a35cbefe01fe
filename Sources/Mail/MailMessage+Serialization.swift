import Foundation

extension MailMessage {
    /// The message as bytes: RFC 5322 headers and a MIME body, 7-bit ASCII, CRLF line endings.
    ///
    /// Structure: `multipart/mixed` (only when there are attachments) holding the body and then each
    /// attachment; the body is `multipart/alternative` of `text/plain` and `text/html` when there is
    /// HTML, else just `text/plain`. Text parts are quoted-printable UTF-8 (base64 when that is shorter),
    /// attachments base64 in 76-character lines. Header lines fold at 78 columns; no line exceeds 998.
    public func serialized() -> [UInt8] {
        let digest = contentDigest
        let boundaries = boundaries(digest: digest)
        var output: [UInt8] = []

        var fromField = HeaderField(name: "From")
        from.write(into: &fromField)
        output += fromField.bytes

        var toField = HeaderField(name: "To")
        for (index, address) in to.enumerated() {
            address.write(into: &toField, trailer: index < to.count - 1 ? "," : "")
        }
        output += toField.bytes

        var subjectField = HeaderField(name: "Subject")
        subjectField.appendUnstructured(MailMessage.headerSafe(subject))
        output += subjectField.bytes

        var dateField = HeaderField(name: "Date")
        dateField.append(MailMessage.dateHeaderValue(for: date, in: timeZone))
        output += dateField.bytes

        var idField = HeaderField(name: "Message-ID")
        idField.append("<\(digest.prefix(32))@\(messageIDDomain)>")
        output += idField.bytes

        output += Array("MIME-Version: 1.0\r\n".utf8)

        var body = MIMEEntity.text(subtype: "plain", text: textBody)
        if let htmlBody {
            body = .multipart(subtype: "alternative", boundary: boundaries.alternative,
                              parts: [body, .text(subtype: "html", text: htmlBody)])
        }
        if !attachments.isEmpty {
            body = .multipart(subtype: "mixed", boundary: boundaries.mixed,
                              parts: [body] + attachments.map(MIMEEntity.attachment))
        }
        body.write(into: &output, atTopLevel: true)
        return output
    }

    /// `text` on one header line: line breaks and tabs become spaces, other control characters go.
    static func headerSafe(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r":
                continue  // CRLF is one line break.
            case "\r", "\n", "\t", "\u{2028}", "\u{2029}":
                result.append(" ")
            default:
                if !MailAddress.isControl(scalar) {
                    result.append(scalar)
                }
            }
        }
        return String(result)
    }

    /// `text` as UTF-8 with every line break (LF, CR, CRLF) written as CRLF.
    static func canonicalLineBreaks(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + text.utf8.count / 32)
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            switch byte {
            case 0x0a where previous == 0x0d:
                continue
            case 0x0d, 0x0a:
                bytes += [0x0d, 0x0a]
            default:
                bytes.append(byte)
            }
        }
        return bytes
    }
}
