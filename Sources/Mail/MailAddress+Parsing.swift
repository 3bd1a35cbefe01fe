extension MailAddress {
    /// Parses one address: `jo@example.com`, `Jo Doe <jo@example.com>` or `"Doe, Jo" <jo@example.com>`.
    ///
    /// Spaces around the text are ignored. Comments, group syntax, domain literals (`[192.0.2.1]`) and
    /// non-ASCII addresses (SMTPUTF8) are not supported; a non-ASCII display name is.
    /// - Throws: ``MailAddressError`` naming `text` and the first problem found, e.g. a line break
    ///   (`"a@b.c\r\nBcc: x@y.z"` is rejected as header injection).
    public init(_ text: String) throws(MailAddressError) {
        if let control = text.unicodeScalars.first(where: MailAddress.isControl) {
            throw MailAddressError(text: text, reason: .controlCharacter(control))
        }
        let scalars = MailAddress.trimmingSpaces(Array(text.unicodeScalars))
        if scalars.isEmpty {
            throw MailAddressError(text: text, reason: .empty)
        }
        let layout: Layout
        switch MailAddress.layout(of: scalars) {
        case .success(let found): layout = found
        case .failure(let problem): throw MailAddressError(text: text, reason: problem.reason)
        }
        if !layout.commas.isEmpty {
            throw MailAddressError(text: text, reason: .unexpectedComma)
        }
        let displayName: String?
        let addrSpec: [Unicode.Scalar]
        if layout.opens.isEmpty && layout.closes.isEmpty {
            displayName = nil
            addrSpec = scalars
        } else {
            guard layout.opens.count == 1, layout.closes.count == 1, layout.closes[0] == scalars.count - 1,
                  layout.opens[0] < layout.closes[0]
            else { throw MailAddressError(text: text, reason: .misplacedAngleBracket) }
            let open = layout.opens[0]
            guard let name = MailAddress.displayName(MailAddress.trimmingSpaces(Array(scalars[..<open]))) else {
                throw MailAddressError(text: text, reason: .invalidDisplayName)
            }
            displayName = name
            addrSpec = MailAddress.trimmingSpaces(Array(scalars[(open + 1)..<(scalars.count - 1)]))
        }
        let (localPart, domain) = try MailAddress.splitAddrSpec(addrSpec, text: text)
        self.init(validatedDisplayName: displayName, localPart: localPart, domain: domain)
    }

    /// Makes an address from a display name given as plain text and an `addr-spec` (`local@domain`).
    ///
    /// The display name may contain any characters except control characters (it is quoted or encoded
    /// when written); nil, empty or all-space means none.
    /// - Throws: ``MailAddressError`` for a control character in the name or an invalid `addrSpec`.
    public init(displayName: String?, addrSpec: String) throws(MailAddressError) {
        if let displayName, let control = displayName.unicodeScalars.first(where: MailAddress.isControl) {
            throw MailAddressError(text: displayName, reason: .controlCharacter(control))
        }
        if let control = addrSpec.unicodeScalars.first(where: MailAddress.isControl) {
            throw MailAddressError(text: addrSpec, reason: .controlCharacter(control))
        }
        let name = displayName.map { String(String.UnicodeScalarView(MailAddress.trimmingSpaces(Array($0.unicodeScalars)))) }
        let (localPart, domain) = try MailAddress.splitAddrSpec(Array(addrSpec.unicodeScalars), text: addrSpec)
        self.init(validatedDisplayName: name?.isEmpty == false ? name : nil, localPart: localPart, domain: domain)
    }

    /// Parses a comma-separated list such as `a@example.com, "Doe, Jo" <jo@example.com>`.
    ///
    /// Commas inside quotes or angle brackets do not separate entries.
    /// - Throws: ``MailAddressError`` for the first bad entry (its ``MailAddressError/text`` is that entry),
    ///   for an empty entry or an empty list (the text is then the whole list).
    public static func list(_ text: String) throws(MailAddressError) -> [MailAddress] {
        if let control = text.unicodeScalars.first(where: isControl) {
            throw MailAddressError(text: text, reason: .controlCharacter(control))
        }
        let scalars = Array(text.unicodeScalars)
        if trimmingSpaces(scalars).isEmpty {
            throw MailAddressError(text: text, reason: .empty)
        }
        let layout: Layout
        switch self.layout(of: scalars) {
        case .success(let found): layout = found
        case .failure(let problem): throw MailAddressError(text: text, reason: problem.reason)
        }
        var addresses: [MailAddress] = []
        var start = 0
        for end in layout.commas + [scalars.count] {
            let entry = trimmingSpaces(Array(scalars[start..<end]))
            if entry.isEmpty {
                throw MailAddressError(text: text, reason: .emptyListEntry)
            }
            addresses.append(try MailAddress(String(String.UnicodeScalarView(entry))))
            start = end + 1
        }
        return addresses
    }

    /// What is wrong with `domain` as a host name, or nil when it is fine.
    static func domainProblem(_ domain: String) -> MailAddressError.Reason? {
        if domain.isEmpty || domain.hasPrefix("[") { return .invalidDomain }
        if !domain.unicodeScalars.allSatisfy(\.isASCII) { return .nonASCIIAddress }
        if domain.utf8.count > 253 { return .domainTooLong }
        for label in domain.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            if label.isEmpty { return .invalidDomain }
            if label.count > 63 { return .domainTooLong }
            if label.first == UInt8(ascii: "-") || label.last == UInt8(ascii: "-") { return .invalidDomain }
            let isHostCharacter: (UInt8) -> Bool = { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-")
            }
            if !label.allSatisfy(isHostCharacter) { return .invalidDomain }
        }
        return nil
    }

    /// Characters allowed in an atom (RFC 5322 §3.2.3 `atext`), ASCII only.
    static func isAtext(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "!", "#", "$", "%", "&", "'", "*", "+", "-", "/", "=", "?", "^", "_",
             "`", "{", "|", "}", "~":
            return true
        default:
            return false
        }
    }

    // MARK: - Pieces

    /// Where the structural characters are, outside quoted strings.
    private struct Layout {
        var opens: [Int] = []
        var closes: [Int] = []
        var commas: [Int] = []
    }

    private struct LayoutProblem: Error {
        var reason: MailAddressError.Reason
    }

    /// Finds `<`, `>` and `,` outside quoted strings (and commas outside angle brackets).
    private static func layout(of scalars: [Unicode.Scalar]) -> Result<Layout, LayoutProblem> {
        var layout = Layout()
        var inQuote = false
        var escaped = false
        var depth = 0
        for (index, scalar) in scalars.enumerated() {
            if inQuote {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inQuote = false
                }
                continue
            }
            switch scalar {
            case "\"": inQuote = true
            case "<": layout.opens.append(index); depth += 1
            case ">": layout.closes.append(index); depth -= 1
            case "," where depth == 0: layout.commas.append(index)
            case ",": return .failure(LayoutProblem(reason: .misplacedAngleBracket))
            default: break
            }
            if depth < 0 || depth > 1 { return .failure(LayoutProblem(reason: .misplacedAngleBracket)) }
        }
        if inQuote { return .failure(LayoutProblem(reason: .unterminatedQuote)) }
        return .success(layout)
    }

    /// The display name in front of `<…>`: nil when invalid, `.some(nil)` when empty.
    private static func displayName(_ scalars: [Unicode.Scalar]) -> String?? {
        if scalars.isEmpty { return .some(nil) }
        if scalars.first == "\"" {
            guard scalars.count >= 2, scalars.last == "\"" else { return nil }
            var name = String.UnicodeScalarView()
            var escaped = false
            for scalar in scalars.dropFirst().dropLast() {
                if escaped {
                    name.append(scalar)
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    return nil  // A second quoted string: more than this subset accepts.
                } else {
                    name.append(scalar)
                }
            }
            if escaped { return nil }
            let text = String(trimmingSpaces(Array(name)).reduce(into: String.UnicodeScalarView()) { $0.append($1) })
            return .some(text.isEmpty ? nil : text)
        }
        if scalars.contains(where: displayNameSpecials.contains) { return nil }
        return .some(String(String.UnicodeScalarView(scalars)))
    }

    /// Splits and checks `local@domain`.
    private static func splitAddrSpec(_ scalars: [Unicode.Scalar], text: String) throws(MailAddressError) -> (String, String) {
        guard let at = scalars.lastIndex(of: "@") else {
            throw MailAddressError(text: text, reason: .missingAt)
        }
        let local = Array(scalars[..<at])
        let domain = String(String.UnicodeScalarView(scalars[(at + 1)...]))
        if local.isEmpty {
            throw MailAddressError(text: text, reason: .invalidLocalPart)
        }
        if !scalars.allSatisfy(\.isASCII) {
            throw MailAddressError(text: text, reason: .nonASCIIAddress)
        }
        if !isValidLocalPart(local) {
            throw MailAddressError(text: text, reason: .invalidLocalPart)
        }
        if local.count > 64 {
            throw MailAddressError(text: text, reason: .localPartTooLong)
        }
        if let problem = domainProblem(domain) {
            throw MailAddressError(text: text, reason: problem)
        }
        return (String(String.UnicodeScalarView(local)), domain)
    }

    /// A dot-atom, or a quoted string of printable ASCII with `\` escapes. Expects ASCII input.
    private static func isValidLocalPart(_ local: [Unicode.Scalar]) -> Bool {
        if local.first == "\"" {
            guard local.count >= 2, local.last == "\"" else { return false }
            var escaped = false
            for scalar in local.dropFirst().dropLast() {
                guard (0x20...0x7e).contains(scalar.value) else { return false }
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    return false
                }
            }
            return !escaped
        }
        return local.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { atom in
            !atom.isEmpty && atom.allSatisfy(isAtext)
        }
    }

    private static func trimmingSpaces(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard let first = scalars.firstIndex(where: { $0 != " " }),
              let last = scalars.lastIndex(where: { $0 != " " })
        else { return [] }
        return Array(scalars[first...last])
    }
}
