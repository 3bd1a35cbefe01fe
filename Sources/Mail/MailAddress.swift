/// A validated e-mail address with an optional display name, such as `Jürgen <j@example.com>`.
///
/// Accepts a practical subset of RFC 5322: the local part is a dot-atom (`jo.doe+tag`) or a quoted
/// string (`"jo doe"`), the domain a host name (`mail.example.com`). The display name may be any text
/// without control characters; it is quoted or RFC 2047-encoded when written into a header.
/// Build one with ``init(_:)``, ``init(displayName:addrSpec:)`` or ``list(_:)``.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The name shown for the address, unquoted and decoded (`Doe, Jo`), or nil when there is none.
    public let displayName: String?
    /// The part before `@`, as written (a quoted local part keeps its quotes).
    public let localPart: String
    /// The part after `@`, as written.
    public let domain: String

    init(validatedDisplayName displayName: String?, localPart: String, domain: String) {
        self.displayName = displayName
        self.localPart = localPart
        self.domain = domain
    }

    /// `local@domain`, without the display name.
    public var addrSpec: String { localPart + "@" + domain }

    /// The address as a person would type it: `Jürgen <j@example.com>`, `"Doe, Jo" <jo@example.com>`
    /// or `jo@example.com`. Parsing this text gives back an equal address.
    public var description: String {
        guard let displayName else { return addrSpec }
        let bare = displayName.unicodeScalars.allSatisfy { !MailAddress.displayNameSpecials.contains($0) }
        if bare {
            return "\(displayName) <\(addrSpec)>"
        }
        let quoted = displayName.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(quoted)\" <\(addrSpec)>"
    }

    /// Characters a display name may only contain inside quotes.
    static let displayNameSpecials: Set<Unicode.Scalar> = ["\"", "<", ">", "@", ",", ";", ":", "\\", "[", "]", "(", ")"]

    /// Whether `scalar` is a control character (C0, DEL, C1, or a Unicode line or paragraph separator).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
