import Base64Coding

/// RFC 2047 encoded-words (`=?utf-8?Q?...?=` / `=?utf-8?B?...?=`) for non-ASCII header text.
///
/// Text is split into words that each hold whole Unicode scalars, so no word ever splits a UTF-8
/// sequence, and each word is at most the length asked for (never more than 75, RFC 2047 §2).
enum EncodedWord {
    /// The longest encoded-word RFC 2047 allows.
    static let maximumLength = 75

    /// The shortest word length callers may ask for: room for the framing and the widest scalar.
    static let minimumLength = 24

    private static let framingLength = "=?utf-8?Q??=".utf8.count

    /// The two RFC 2047 encodings.
    enum Encoding: Sendable {
        /// "Q": readable for mostly-Latin text. Uses only the characters RFC 2047 §5(3) allows in a phrase.
        case quoted
        /// "B": base64, compact for scripts far from ASCII.
        case base64
    }

    /// Encodes `text` as a sequence of encoded-words, to be written separated by folding white space.
    ///
    /// - Parameters:
    ///   - text: Any text; spaces and all other characters survive decoding exactly.
    ///   - firstLength: The longest the first word may be (room left on the current header line).
    ///   - length: The longest any later word may be.
    /// - Returns: The words, at least one (an empty text gives one empty word).
    static func encode(_ text: String, firstLength: Int, length: Int = maximumLength) -> [String] {
        precondition(firstLength >= minimumLength && length >= minimumLength, "encoded-word room too small")
        let encoding = preferredEncoding(for: text)
        let marker = encoding == .quoted ? "Q" : "B"
        var words: [String] = []
        var pending: [UInt8] = []  // raw UTF-8 bytes of the current word
        var limit = min(firstLength, maximumLength) - framingLength

        func encodedLength(_ bytes: [UInt8]) -> Int {
            switch encoding {
            case .quoted: return bytes.reduce(0) { $0 + (isLiteralInQ($1) ? 1 : 3) }
            case .base64: return (bytes.count + 2) / 3 * 4
            }
        }
        func flush() {
            words.append("=?utf-8?\(marker)?" + payload(pending, encoding) + "?=")
            pending.removeAll(keepingCapacity: true)
            limit = min(length, maximumLength) - framingLength
        }

        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if !pending.isEmpty, encodedLength(pending + bytes) > limit {
                flush()
            }
            pending += bytes
        }
        if !pending.isEmpty || words.isEmpty {
            flush()
        }
        return words
    }

    /// Q when it is no longer than B, otherwise B.
    static func preferredEncoding(for text: String) -> Encoding {
        let bytes = Array(text.utf8)
        let quotedLength = bytes.reduce(0) { $0 + (isLiteralInQ($1) ? 1 : 3) }
        return quotedLength <= (bytes.count + 2) / 3 * 4 ? .quoted : .base64
    }

    /// Bytes that "Q" writes as themselves; space is written as `_`. Everything else is `=XX`.
    private static func isLiteralInQ(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    private static func payload(_ bytes: [UInt8], _ encoding: Encoding) -> String {
        switch encoding {
        case .base64:
            return String(decoding: Base64.encode(bytes), as: UTF8.self)
        case .quoted:
            let digits = Array("0123456789ABCDEF")
            var text = ""
            for byte in bytes {
                if byte == UInt8(ascii: " ") {
                    text.append("_")
                } else if isLiteralInQ(byte) {
                    text.append(Character(Unicode.Scalar(byte)))
                } else {
                    text += "=" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0f)])
                }
            }
            return text
        }
    }
}
