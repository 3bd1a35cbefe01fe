/// Text for a terminal: names and notes from a store may hold control characters (ESC sequences that
/// recolour or rewrite the screen, backspace, bell) or bidirectional overrides that reorder what follows.
/// Those are shown as visible escapes (`\u{1B}`) instead; line feeds and tabs stay.
enum TerminalText {
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: mustBeEscaped) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if mustBeEscaped(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Store text shown inside one line of a listing (`info`'s babies): every control character, line feeds
    /// and tabs included, as a visible escape, so a name cannot forge lines of the listing.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { mustBeEscaped($0) || $0.value == 0x0A || $0.value == 0x09 }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if mustBeEscaped(scalar) || scalar.value == 0x0A || scalar.value == 0x09 {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// JSON text with the same characters written as JSON escapes (`\u202e`), so it stays valid JSON and
    /// passes `safe` unchanged. (Every such character is in the Basic Multilingual Plane.)
    static func jsonSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: mustBeEscaped) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if mustBeEscaped(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` can rewrite or reorder what a terminal shows: a control character other than a line feed or a
    /// tab, or a bidirectional embedding, override or isolate.
    static func mustBeEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional embeddings, overrides and isolates
        default: false
        }
    }
}
