/// A MIME media type for an attachment, such as `text/csv; charset=utf-8`.
public struct MailMediaType: Sendable, Hashable, CustomStringConvertible {
    /// The top-level type, lowercased (`text`).
    public let type: String
    /// The subtype, lowercased (`csv`).
    public let subtype: String
    /// The `charset` parameter for text types (`utf-8`), or nil.
    public let charset: String?

    /// `text/csv; charset=utf-8`.
    public static let csv = MailMediaType(checkedType: "text", subtype: "csv", charset: "utf-8")
    /// `text/plain; charset=utf-8`.
    public static let plainText = MailMediaType(checkedType: "text", subtype: "plain", charset: "utf-8")
    /// `text/html; charset=utf-8`.
    public static let html = MailMediaType(checkedType: "text", subtype: "html", charset: "utf-8")
    /// `application/json`.
    public static let json = MailMediaType(checkedType: "application", subtype: "json", charset: nil)
    /// `application/pdf`.
    public static let pdf = MailMediaType(checkedType: "application", subtype: "pdf", charset: nil)
    /// `application/octet-stream`, for bytes of no particular type.
    public static let octetStream = MailMediaType(checkedType: "application", subtype: "octet-stream", charset: nil)

    /// Makes a media type from its parts; they are lowercased.
    /// - Throws: ``MailMessageError/invalidMediaType(_:)`` unless each part is an RFC 2045 token.
    public init(type: String, subtype: String, charset: String? = nil) throws(MailMessageError) {
        guard MailMediaType.isToken(type), MailMediaType.isToken(subtype), charset.map(MailMediaType.isToken) ?? true else {
            throw .invalidMediaType("\(type)/\(subtype)" + (charset.map { "; charset=\($0)" } ?? ""))
        }
        self.init(checkedType: type, subtype: subtype, charset: charset)
    }

    /// Parses `type/subtype` or `type/subtype; charset=NAME` (spaces around `;` and `=` allowed,
    /// the charset value may be quoted).
    /// - Throws: ``MailMessageError/invalidMediaType(_:)`` for anything else.
    public init(_ text: String) throws(MailMessageError) {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        let names = parts[0].split(separator: "/", omittingEmptySubsequences: false)
        guard names.count == 2, parts.count <= 2 else { throw .invalidMediaType(text) }
        var charset: String?
        if parts.count == 2 {
            let pair = parts[1].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "charset" else { throw .invalidMediaType(text) }
            var value = pair[1].trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            charset = value
        }
        do {
            try self.init(type: String(names[0]), subtype: String(names[1]), charset: charset)
        } catch {
            throw .invalidMediaType(text)
        }
    }

    private init(checkedType type: String, subtype: String, charset: String?) {
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.charset = charset?.lowercased()
    }

    /// `type/subtype` or `type/subtype; charset=NAME`.
    public var description: String {
        "\(type)/\(subtype)" + (charset.map { "; charset=\($0)" } ?? "")
    }

    /// An RFC 2045 token of at most 127 characters (RFC 6838 §4.2): printable ASCII except space and `()<>@,;:\"/[]?=`.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.count <= 127 && text.unicodeScalars.allSatisfy { scalar in
            (0x21...0x7e).contains(scalar.value) && !"()<>@,;:\\\"/[]?=".unicodeScalars.contains(scalar)
        }
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
