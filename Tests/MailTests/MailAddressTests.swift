import Mail
import Testing

@Suite("Address validation")
struct MailAddressTests {
    @Test(
        "Accepted addresses",
        arguments: [
            ("jo@example.com", nil, "jo@example.com"),
            ("  jo@example.com  ", nil, "jo@example.com"),
            ("<jo@example.com>", nil, "jo@example.com"),
            ("Jo Doe <jo@example.com>", "Jo Doe", "jo@example.com"),
            ("Jürgen <j@example.com>", "Jürgen", "j@example.com"),
            ("Zoë Müller<zoe@example.com>", "Zoë Müller", "zoe@example.com"),
            ("\"Doe, Jo\" <jo@example.com>", "Doe, Jo", "jo@example.com"),
            (#""Jo \"JD\" Doe" <jo@example.com>"#, #"Jo "JD" Doe"#, "jo@example.com"),
            ("\"\" <jo@example.com>", nil, "jo@example.com"),
            ("J. R. Doe <jr@example.com>", "J. R. Doe", "jr@example.com"),
            ("jo.doe+week-12@mail.example.co.uk", nil, "jo.doe+week-12@mail.example.co.uk"),
            ("o'brien@example.ie", nil, "o'brien@example.ie"),
            ("\"jo doe\"@example.com", nil, "\"jo doe\"@example.com"),
            ("\"jo@home\"@example.com", nil, "\"jo@home\"@example.com"),
            ("root@localhost", nil, "root@localhost"),
            ("x@xn--mller-kva.de", nil, "x@xn--mller-kva.de"),
            ("Jo <  jo@Example.COM >", "Jo", "jo@Example.COM"),
            (String(repeating: "a", count: 64) + "@example.com", nil, String(repeating: "a", count: 64) + "@example.com"),
        ] as [(String, String?, String)]
    )
    func accepted(_ text: String, _ displayName: String?, _ addrSpec: String) throws {
        let address = try MailAddress(text)

        #expect(address.displayName == displayName)
        #expect(address.addrSpec == addrSpec)
        #expect(try MailAddress(address.description) == address, "description \(address.description) does not parse back")
    }

    @Test(
        "Rejected addresses name the text and the reason",
        arguments: [
            ("", .empty),
            ("   ", .empty),
            ("a@b.c\r\nBcc: x@y.z", .controlCharacter("\r")),
            ("a@b.c\nBcc: x@y.z", .controlCharacter("\n")),
            ("Jo\r\n <jo@example.com>", .controlCharacter("\r")),
            ("jo\u{0}@example.com", .controlCharacter("\u{0}")),
            ("jo@example.com\u{2028}", .controlCharacter("\u{2028}")),
            ("Jo\t<jo@example.com>", .controlCharacter("\t")),
            ("jo.example.com", .missingAt),
            ("Jo Doe", .missingAt),
            ("@example.com", .invalidLocalPart),
            ("jo@@example.com", .invalidLocalPart),
            ("jo..doe@example.com", .invalidLocalPart),
            (".jo@example.com", .invalidLocalPart),
            ("jo.@example.com", .invalidLocalPart),
            ("jo doe@example.com", .invalidLocalPart),
            ("\"jo@example.com", .unterminatedQuote),
            ("jo(comment)@example.com", .invalidLocalPart),
            (String(repeating: "a", count: 65) + "@example.com", .localPartTooLong),
            ("jo@", .invalidDomain),
            ("jo@exa mple.com", .invalidDomain),
            ("jo@example..com", .invalidDomain),
            ("jo@example.com.", .invalidDomain),
            ("jo@-example.com", .invalidDomain),
            ("jo@example-.com", .invalidDomain),
            ("jo@exa_mple.com", .invalidDomain),
            ("jo@[192.0.2.1]", .invalidDomain),
            ("jo@" + String(repeating: "a", count: 64) + ".com", .domainTooLong),
            ("jo@" + String(repeating: "abcdefghi.", count: 26) + "com", .domainTooLong),
            ("zoë@example.com", .nonASCIIAddress),
            ("jo@müller.de", .nonASCIIAddress),
            ("Doe, Jo <jo@example.com>", .unexpectedComma),
            ("a@example.com, b@example.com", .unexpectedComma),
            ("Jo <jo@example.com", .misplacedAngleBracket),
            ("Jo jo@example.com>", .misplacedAngleBracket),
            ("Jo <jo@example.com> Doe", .misplacedAngleBracket),
            ("<<jo@example.com>>", .misplacedAngleBracket),
            ("Jo <jo@example.com> <x@example.com>", .misplacedAngleBracket),
            ("\"Jo <jo@example.com>", .unterminatedQuote),
            ("Jo@Home <jo@example.com>", .invalidDisplayName),
            ("Jo;Doe <jo@example.com>", .invalidDisplayName),
            ("\"Jo\" \"Doe\" <jo@example.com>", .invalidDisplayName),
        ] as [(String, MailAddressError.Reason)]
    )
    func rejected(_ text: String, _ reason: MailAddressError.Reason) {
        #expect(throws: MailAddressError(text: text, reason: reason)) {
            try MailAddress(text)
        }
    }

    @Test("A list is split at commas outside quotes and angle brackets")
    func list() throws {
        let addresses = try MailAddress.list("a@example.com, \"Doe, Jo\" <jo@example.com>,Jürgen <j@example.com> ")

        #expect(addresses.map(\.addrSpec) == ["a@example.com", "jo@example.com", "j@example.com"])
        #expect(addresses.map(\.displayName) == [nil, "Doe, Jo", "Jürgen"])
    }

    @Test(
        "Rejected lists name the offending entry, or the whole list when an entry is missing",
        arguments: [
            ("", "", .empty),
            ("a@example.com,,b@example.com", "a@example.com,,b@example.com", .emptyListEntry),
            ("a@example.com,", "a@example.com,", .emptyListEntry),
            (", a@example.com", ", a@example.com", .emptyListEntry),
            ("a@example.com, bad", "bad", .missingAt),
            ("Doe, Jo <jo@example.com>", "Doe", .missingAt),
            ("a@example.com\r\nBcc: x@y.z", "a@example.com\r\nBcc: x@y.z", .controlCharacter("\r")),
            ("a@example.com, \"b", "a@example.com, \"b", .unterminatedQuote),
        ] as [(String, String, MailAddressError.Reason)]
    )
    func rejectedLists(_ text: String, _ offending: String, _ reason: MailAddressError.Reason) {
        #expect(throws: MailAddressError(text: offending, reason: reason)) {
            try MailAddress.list(text)
        }
    }

    @Test("An address built from parts validates the addr-spec and the display name")
    func fromParts() throws {
        let address = try MailAddress(displayName: "  Doe, Jo  ", addrSpec: "jo@example.com")

        #expect(address.displayName == "Doe, Jo")
        #expect(address.description == "\"Doe, Jo\" <jo@example.com>")
        #expect(try MailAddress(displayName: "", addrSpec: "jo@example.com").displayName == nil)
        #expect(throws: MailAddressError(text: "Jo\nBcc: x@y.z", reason: .controlCharacter("\n"))) {
            try MailAddress(displayName: "Jo\nBcc: x@y.z", addrSpec: "jo@example.com")
        }
        #expect(throws: MailAddressError(text: "Jo <jo@example.com>", reason: .invalidLocalPart)) {
            try MailAddress(displayName: nil, addrSpec: "Jo <jo@example.com>")
        }
    }

    @Test("The error message shows control characters escaped")
    func errorDescription() {
        let error = MailAddressError(text: "a@b.c\r\nBcc: x@y.z", reason: .controlCharacter("\r"))

        #expect(error.description == #"invalid e-mail address "a@b.c\u{D}\u{A}Bcc: x@y.z": it contains the control character \u{D}"#)
        #expect(!error.description.contains("\n"))
    }
}
