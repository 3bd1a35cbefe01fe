/// A message that cannot be built from the parts given.
public enum MailMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `To` list is empty.
    case noRecipients
    /// The domain given for the Message-ID is not a host name.
    case invalidMessageIDDomain(String)
    /// A media type is not `type/subtype` with an optional `charset`, in RFC 2045 tokens.
    case invalidMediaType(String)

    /// What went wrong, with the offending text (control characters escaped).
    public var description: String {
        switch self {
        case .noRecipients:
            return "a message needs at least one recipient"
        case .invalidMessageIDDomain(let domain):
            return "invalid Message-ID domain \"\(MailAddressError.escaped(domain))\": expected a host name such as example.com"
        case .invalidMediaType(let text):
            return "invalid media type \"\(MailAddressError.escaped(text))\": expected type/subtype, optionally with ; charset=NAME"
        }
    }
}
