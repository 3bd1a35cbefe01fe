/// CSS split into tokens as a browser does (CSS Syntax Level 3, §4), so what a style sheet says is read after
/// its escapes (`\75 rl(` is `url(`) and without its comments (`@im/**/port` is no at-rule, `u/**/rl(` no url):
/// the policy judges tokens, never bytes.
///
///     StyleSheetTokenizer.tokens("a { color: red } @\\69mport 'x';")   // … .atKeyword("import"), .string("x"), …
enum StyleSheetTokenizer {
    enum Token: Equatable {
        case ident(String)
        /// `name(`: the name, escapes decoded.
        case function(String)
        case atKeyword(String)
        case hash(String)
        case string(String)
        /// An unquoted `url(…)`: its value.
        case url(String)
        /// A string or url with a line break or a bad escape in it: what a browser skips, refused as unreadable.
        case bad
        case number, percentage, dimension
        case whitespace
        /// One character that is none of the above (`{`, `:`, `.`, `>`).
        case delimiter(Unicode.Scalar)
    }

    /// Every token of `css`, comments dropped. Linear in its length.
    static func tokens(_ css: String) -> [Token] {
        var reader = Reader(Array(Self.preprocessed(css)))
        var tokens: [Token] = []
        while let token = reader.next() { tokens.append(token) }
        return tokens
    }

    /// CSS Syntax §3.3: CR LF, CR and FF read as LF; NUL as U+FFFD.
    private static func preprocessed(_ css: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(css.unicodeScalars.count)
        var previousCR = false
        for scalar in css.unicodeScalars {
            switch scalar {
            case "\r": out.append("\n"); previousCR = true; continue
            case "\n": if !previousCR { out.append("\n") }
            case "\u{0C}": out.append("\n")
            case "\0": out.append("\u{FFFD}")
            default: out.append(scalar)
            }
            previousCR = false
        }
        return out
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func next() -> Token? {
            skipComments()
            guard let first = peek() else { return nil }
            if Self.isWhitespace(first) {
                while let scalar = peek(), Self.isWhitespace(scalar) { index += 1 }
                return .whitespace
            }
            switch first {
            case "\"", "'":
                index += 1
                return string(until: first)
            case "#":
                if let next = peek(1), Self.isName(next) || startsEscape(at: index + 1) {
                    index += 1
                    return .hash(name())
                }
            case "@":
                if startsIdentifier(at: index + 1) {
                    index += 1
                    return .atKeyword(name())
                }
            case "\\":
                if startsEscape(at: index) { return identLike() }
            case "+", ".":
                if startsNumber(at: index) { return numeric() }
            case "-":
                if startsNumber(at: index) { return numeric() }
                if startsIdentifier(at: index) { return identLike() }
            default:
                if Self.isDigit(first) { return numeric() }
                if Self.isNameStart(first) { return identLike() }
            }
            index += 1
            return .delimiter(first)
        }

        mutating func skipComments() {
            while peek() == "/", peek(1) == "*" {
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && peek(1) == "/") { index += 1 }
                index = min(scalars.count, index + 2)
            }
        }

        mutating func identLike() -> Token {
            let text = name()
            guard peek() == "(" else { return .ident(text) }
            index += 1
            if text.lowercased() == "url" {
                var look = index
                while look < scalars.count, Self.isWhitespace(scalars[look]) { look += 1 }
                if look < scalars.count, scalars[look] == "\"" || scalars[look] == "'" { return .function(text) }
                return url()
            }
            return .function(text)
        }

        mutating func url() -> Token {
            while let scalar = peek(), Self.isWhitespace(scalar) { index += 1 }
            var value = String.UnicodeScalarView()
            while let scalar = peek() {
                index += 1
                switch scalar {
                case ")":
                    return .url(String(value))
                case "\"", "'", "(":
                    skipBadURL()
                    return .bad
                case "\\":
                    guard startsEscape(at: index - 1) else { skipBadURL(); return .bad }
                    value.append(escape())
                default:
                    if Self.isWhitespace(scalar) {
                        while let next = peek(), Self.isWhitespace(next) { index += 1 }
                        if peek() == nil || peek() == ")" { index += peek() == nil ? 0 : 1; return .url(String(value)) }
                        skipBadURL()
                        return .bad
                    }
                    value.append(scalar)
                }
            }
            return .url(String(value))
        }

        mutating func skipBadURL() {
            while let scalar = peek() {
                index += 1
                if scalar == ")" { return }
                if scalar == "\\", startsEscape(at: index - 1) { _ = escape() }
            }
        }

        mutating func string(until quote: Unicode.Scalar) -> Token {
            var value = String.UnicodeScalarView()
            while let scalar = peek() {
                if scalar == quote { index += 1; return .string(String(value)) }
                if scalar == "\n" { return .bad }
                index += 1
                if scalar == "\\" {
                    guard let next = peek() else { break }
                    if next == "\n" { index += 1; continue }
                    value.append(escape())
                    continue
                }
                value.append(scalar)
            }
            return .string(String(value))
        }

        /// After a `\`: up to six hex digits and one whitespace, or the next character itself.
        mutating func escape() -> Unicode.Scalar {
            guard let first = peek() else { return "\u{FFFD}" }
            guard first.properties.isASCIIHexDigit else {
                index += 1
                return first
            }
            var hex = ""
            while hex.count < 6, let scalar = peek(), scalar.properties.isASCIIHexDigit {
                hex.unicodeScalars.append(scalar)
                index += 1
            }
            if let scalar = peek(), Self.isWhitespace(scalar) { index += 1 }
            guard let value = UInt32(hex, radix: 16), value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return scalar
        }

        mutating func name() -> String {
            var value = String.UnicodeScalarView()
            while let scalar = peek() {
                if Self.isName(scalar) {
                    value.append(scalar)
                    index += 1
                } else if startsEscape(at: index) {
                    index += 1
                    value.append(escape())
                } else {
                    break
                }
            }
            return String(value)
        }

        mutating func numeric() -> Token {
            if peek() == "+" || peek() == "-" { index += 1 }
            while let scalar = peek(), Self.isDigit(scalar) { index += 1 }
            if peek() == ".", let next = peek(1), Self.isDigit(next) {
                index += 1
                while let scalar = peek(), Self.isDigit(scalar) { index += 1 }
            }
            if peek() == "e" || peek() == "E" {
                var look = 1
                if peek(1) == "+" || peek(1) == "-" { look = 2 }
                if let digit = peek(look), Self.isDigit(digit) {
                    index += look
                    while let scalar = peek(), Self.isDigit(scalar) { index += 1 }
                }
            }
            if startsIdentifier(at: index) {
                _ = name()
                return .dimension
            }
            if peek() == "%" {
                index += 1
                return .percentage
            }
            return .number
        }

        func startsEscape(at position: Int) -> Bool {
            position + 1 < scalars.count && scalars[position] == "\\" && scalars[position + 1] != "\n"
        }

        func startsIdentifier(at position: Int) -> Bool {
            guard position < scalars.count else { return false }
            let first = scalars[position]
            if first == "-" {
                guard position + 1 < scalars.count else { return false }
                let second = scalars[position + 1]
                return Self.isNameStart(second) || second == "-" || startsEscape(at: position + 1)
            }
            return Self.isNameStart(first) || startsEscape(at: position)
        }

        func startsNumber(at position: Int) -> Bool {
            guard position < scalars.count else { return false }
            var look = position
            if scalars[look] == "+" || scalars[look] == "-" { look += 1 }
            guard look < scalars.count else { return false }
            if Self.isDigit(scalars[look]) { return true }
            return scalars[look] == "." && look + 1 < scalars.count && Self.isDigit(scalars[look + 1])
        }

        static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" }
        static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }
        static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value >= 0x41 && scalar.value <= 0x5A) || (scalar.value >= 0x61 && scalar.value <= 0x7A) || scalar == "_"
                || scalar.value >= 0x80
        }
        static func isName(_ scalar: Unicode.Scalar) -> Bool { isNameStart(scalar) || isDigit(scalar) || scalar == "-" }
    }
}
