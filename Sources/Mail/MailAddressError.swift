import PrintableText

/// An e-mail address that cannot be used, with the text that was given and why.
///
/// Command lines map this to a usage error; ``description`` is safe to print (control characters in
/// the offending text are shown as `\u{D}`, `\u{A}`, `\u{…}`).
public struct MailAddressError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the address.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// Nothing but spaces was given.
        case empty
        /// A control character, such as a line break that would start another header (header injection).
        case controlCharacter(Unicode.Scalar)
        /// There is no `@` between a local part and a domain.
        case missingAt
        /// The part before `@` is neither a dot-atom (`jo.doe`) nor a quoted string (`"jo doe"`).
        case invalidLocalPart
        /// The part before `@` is longer than 64 octets (RFC 5321 §4.5.3.1.1).
        case localPartTooLong
        /// The part after `@` is not a host name of letters, digits and hyphens in dot-separated labels.
        case invalidDomain
        /// The domain is longer than 253 characters, or a label longer than 63.
        case domainTooLong
        /// The address itself (not the display name) has non-ASCII characters; write the domain in punycode.
        case nonASCIIAddress
        /// The display name has characters that need quoting: write it as `"Name" <addr>`.
        case invalidDisplayName
        /// `<` and `>` do not enclose exactly one address at the end.
        case misplacedAngleBracket
        /// A `"` is never closed.
        case unterminatedQuote
        /// Several addresses where one was expected.
        case unexpectedComma
        /// A list has an empty entry (two commas in a row, or a comma at either end).
        case emptyListEntry

        /// The reason as a clause, e.g. `it has no '@' between a local part and a domain`.
        public var description: String {
            switch self {
            case .empty: return "it is empty"
            case .controlCharacter(let scalar):
                return "it contains the control character \(MailAddressError.escaped(String(scalar)))"
            case .missingAt: return "it has no '@' between a local part and a domain"
            case .invalidLocalPart: return "the part before '@' is not a valid local part"
            case .localPartTooLong: return "the part before '@' is longer than 64 octets"
            case .invalidDomain:
                return "the part after '@' is not a valid domain (labels of letters, digits and '-', separated by '.')"
            case .domainTooLong: return "the domain is longer than 253 characters or has a label longer than 63"
            case .nonASCIIAddress: return "the address has non-ASCII characters (write an international domain in punycode)"
            case .invalidDisplayName:
                return "the display name has special characters; quote it, as in \"Doe, Jo\" <jo@example.com>"
            case .misplacedAngleBracket: return "'<' and '>' must enclose one address at the end"
            case .unterminatedQuote: return "a '\"' is not closed"
            case .unexpectedComma: return "it has a comma; give one address here"
            case .emptyListEntry: return "the list has an empty entry"
            }
        }
    }

    /// The text that was rejected, exactly as given.
    public var text: String
    /// Why it was rejected.
    public var reason: Reason

    /// Makes an error for `text` rejected because of `reason`.
    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    /// `invalid e-mail address "a@b.c\r\nBcc: x@y.z": it contains the control character \r`.
    public var description: String {
        "invalid e-mail address \"\(MailAddressError.escaped(text))\": \(reason)"
    }

    /// `text` with control characters written as escapes (``PrintableText``), so printing it cannot forge output
    /// lines, and its quotes and backslashes escaped, so the quoted address ends where it seems to.
    static func escaped(_ text: String) -> String {
        PrintableText.escaped(text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))
    }
}
