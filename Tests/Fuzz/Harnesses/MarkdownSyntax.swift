/// The bits of CommonMark the `markdown-escape` harness checks escaped text against, written from the
/// CommonMark specification (not from the escaper).
enum MarkdownSyntax {
    /// After an unescaped `&`: `name;` (a letter, then up to 31 letters or digits), `#digits;` (1–7 digits)
    /// or `#xhex;` / `#Xhex;` (1–6 hex digits).
    static func startsCharacterReference(_ rest: ArraySlice<UInt8>) -> Bool {
        guard let first = rest.first else { return false }
        let body: ArraySlice<UInt8>
        let allowed: (UInt8) -> Bool
        let lengths: ClosedRange<Int>
        if first == UInt8(ascii: "#") {
            let afterHash = rest.dropFirst()
            if let x = afterHash.first, x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
                body = afterHash.dropFirst()
                allowed = isHexDigit
                lengths = 1...6
            } else {
                body = afterHash
                allowed = isDigit
                lengths = 1...7
            }
        } else {
            guard isLetter(first) else { return false }
            body = rest
            allowed = { isLetter($0) || isDigit($0) }
            lengths = 1...32
        }
        let name = body.prefix(while: allowed)
        guard lengths.contains(name.count) else { return false }
        return body.dropFirst(name.count).first == UInt8(ascii: ";")
    }

    /// The block a text would open at the start of a line, after up to any number of spaces and tabs, or nil.
    static func blockMarker(atStartOf text: [UInt8]) -> String? {
        let rest = text.drop { $0 == 0x20 || $0 == 0x09 }
        guard let first = rest.first else { return nil }
        switch first {
        case UInt8(ascii: "#"): return "heading"
        case UInt8(ascii: ">"): return "block quote"
        case UInt8(ascii: "="): return "setext underline"
        case UInt8(ascii: "-"), UInt8(ascii: "+"):
            if let next = rest.dropFirst().first, isDigit(next) { return nil }
            return "list item or rule"
        default:
            let digits = rest.prefix(while: isDigit)
            guard !digits.isEmpty else { return nil }
            let after = rest.dropFirst(digits.count)
            guard let delimiter = after.first, delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")") else {
                return nil
            }
            guard let next = after.dropFirst().first else { return "ordered list item" }
            return next == 0x20 || next == 0x09 ? "ordered list item" : nil
        }
    }

    /// `text` with control characters other than tab, CR and LF dropped first, then each CRLF, CR and LF
    /// replaced by `replacement` (so `"\r\u{0}\n"` is one line break, as the escaper sees it).
    static func replacingLineBreaks(_ text: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        let text = text.filter { byte in
            switch byte {
            case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F: false
            default: true
            }
        }
        var result: [UInt8] = []
        var index = 0
        while index < text.count {
            switch text[index] {
            case 0x0D:
                result += replacement
                if index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
            case 0x0A:
                result += replacement
            default:
                result.append(text[index])
            }
            index += 1
        }
        return result
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66)
    }
}
