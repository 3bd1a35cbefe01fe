import Foundation

extension HeaderField {
    /// The longest value written as a plain `name="value"` parameter; longer or non-ASCII values use RFC 2231.
    static let plainParameterLimit = 60

    /// Tokens for a MIME parameter such as a file name, without the `;` separators.
    ///
    /// Short printable-ASCII values give `name="value"`. Others give RFC 2231 extended parameters
    /// (`name*=utf-8''zo%C3%AB.csv`, split as `name*0*=…; name*1*=…` to keep lines short, never inside
    /// a character) followed by an ASCII `name="zoe.csv"` fallback for older readers. The extended form
    /// comes first: readers that understand it, Python's `email` among them, take the first one.
    /// Control characters are left out of the value; an empty value gives no tokens.
    static func parameterTokens(name: String, value: String) -> [String] {
        let scalars = Array(value.unicodeScalars.filter { !MailAddress.isControl($0) })
        if scalars.isEmpty { return [] }
        let isPlain = scalars.count <= plainParameterLimit
            && scalars.allSatisfy { (0x20...0x7e).contains($0.value) && $0 != "\"" && $0 != "\\" }
        if isPlain {
            return ["\(name)=\"\(String(String.UnicodeScalarView(scalars)))\""]
        }

        let pieces = scalars.map(percentEncoded)
        let charsetPrefix = "utf-8''"
        var tokens: [String]
        let whole = pieces.joined()
        if "\(name)*=\(charsetPrefix)\(whole)".utf8.count <= 70 {
            tokens = ["\(name)*=\(charsetPrefix)\(whole)"]
        } else {
            var chunks: [String] = []
            var chunk = ""
            let chunkLimit = 48
            for piece in pieces {
                if !chunk.isEmpty, chunk.utf8.count + piece.utf8.count > chunkLimit {
                    chunks.append(chunk)
                    chunk = ""
                }
                chunk += piece
            }
            chunks.append(chunk)
            tokens = chunks.enumerated().map { index, chunk in
                "\(name)*\(index)*=" + (index == 0 ? charsetPrefix : "") + chunk
            }
        }
        tokens.append("\(name)=\"\(asciiFallback(scalars))\"")
        return tokens
    }

    /// One scalar's UTF-8 bytes with everything but RFC 2231 `attribute-char`s percent-encoded.
    private static func percentEncoded(_ scalar: Unicode.Scalar) -> String {
        let digits = Array("0123456789ABCDEF")
        var text = ""
        for byte in String(scalar).utf8 {
            let isAttributeCharacter: Bool
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"),
                 UInt8(ascii: "&"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"),
                 UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                isAttributeCharacter = true
            default:
                isAttributeCharacter = false
            }
            if isAttributeCharacter {
                text.append(Character(Unicode.Scalar(byte)))
            } else {
                text += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0f)])
            }
        }
        return text
    }

    /// An ASCII stand-in for a name: accents dropped (`ë` → `e`), other non-ASCII and `"` `\` as `_`,
    /// shortened to ``plainParameterLimit`` characters keeping the extension.
    private static func asciiFallback(_ scalars: [Unicode.Scalar]) -> String {
        var text = ""
        for scalar in scalars {
            if (0x20...0x7e).contains(scalar.value), scalar != "\"", scalar != "\\" {
                text.unicodeScalars.append(scalar)
            } else if let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first,
                      (0x20...0x7e).contains(base.value), base != "\"", base != "\\" {
                text.unicodeScalars.append(base)
            } else {
                text += "_"
            }
        }
        guard text.count > plainParameterLimit else { return text }
        var suffix = ""
        if let dot = text.lastIndex(of: "."), text.distance(from: dot, to: text.endIndex) <= 10 {
            suffix = String(text[dot...])
        }
        return String(text.prefix(plainParameterLimit - suffix.count)) + suffix
    }
}
