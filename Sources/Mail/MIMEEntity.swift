import Base64Coding

/// One MIME entity of the message being written: its headers, a blank line, and its encoded body.
enum MIMEEntity {
    case text(subtype: String, text: String)
    case attachment(MailAttachment)
    indirect case multipart(subtype: String, boundary: String, parts: [MIMEEntity])

    /// Appends the entity's header fields, the blank line and the encoded body.
    /// - Parameter atTopLevel: Whether this is the message's own body rather than a part of a multipart.
    func write(into output: inout [UInt8], atTopLevel: Bool = false) {
        switch self {
        case .text(let subtype, let text):
            let bytes = MailMessage.canonicalLineBreaks(text)
            // Inside a multipart the CRLF before the next boundary belongs to the boundary, so every
            // line of the text gets one. A lone top-level part ends where the message ends: its final
            // CRLF is the text's own when the text ends with a line break.
            let endsWithBreak = bytes.count >= 2 && bytes.suffix(2) == [0x0d, 0x0a]
            let quoted = QuotedPrintable.encode(atTopLevel && endsWithBreak ? Array(bytes.dropLast(2)) : bytes)
            let base64 = Base64.encodeLines(bytes)
            let useQuoted = quoted.count <= base64.count
            var type = HeaderField(name: "Content-Type")
            type.append("text/\(subtype);")
            type.append("charset=utf-8")
            output += type.bytes
            output += Array("Content-Transfer-Encoding: \(useQuoted ? "quoted-printable" : "base64")\r\n\r\n".utf8)
            output += useQuoted ? quoted : base64

        case .attachment(let attachment):
            let media = attachment.mediaType
            var type = HeaderField(name: "Content-Type")
            var typeTokens = ["\(media.type)/\(media.subtype)"]
            if let charset = media.charset {
                typeTokens.append("charset=\(charset)")
            }
            typeTokens += HeaderField.parameterTokens(name: "name", value: attachment.filename)
            MIMEEntity.appendParameters(typeTokens, to: &type)
            output += type.bytes

            var disposition = HeaderField(name: "Content-Disposition")
            MIMEEntity.appendParameters(["attachment"] + HeaderField.parameterTokens(name: "filename", value: attachment.filename),
                                    to: &disposition)
            output += disposition.bytes
            output += Array("Content-Transfer-Encoding: base64\r\n\r\n".utf8)
            output += Base64.encodeLines(attachment.data)

        case .multipart(let subtype, let boundary, let parts):
            var type = HeaderField(name: "Content-Type")
            type.append("multipart/\(subtype);")
            type.append("boundary=\"\(boundary)\"")
            output += type.bytes
            output += [0x0d, 0x0a]
            for part in parts {
                output += Array("--\(boundary)\r\n".utf8)
                part.write(into: &output)
            }
            output += Array("--\(boundary)--\r\n".utf8)
        }
    }

    /// Appends `value; param; param` tokens, each but the last followed by `;`.
    private static func appendParameters(_ tokens: [String], to field: inout HeaderField) {
        for (index, token) in tokens.enumerated() {
            field.append(index < tokens.count - 1 ? token + ";" : token)
        }
    }
}
