/// Text from outside the tool (a baby's or a phone's name, a path, a template's text) made safe to show on a
/// terminal, in a log or in an e-mail's text part: every character that could end a line, rewrite the screen or
/// reorder what follows is written as a visible escape, `\u{HEX}` (uppercase, no leading zeros: `\u{A}`,
/// `\u{1B}`, `\u{202E}`). Those are the C0 controls (line feed, carriage return and tab included), DEL, the C1
/// controls (U+0085 NEL among them), the line and paragraph separators U+2028 and U+2029, and the bidirectional
/// marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
///
/// This is the one place that decides it: every line the tool prints about outside text goes through
/// ``escaped(_:keepingLineFeeds:)``.
///
/// ```swift
/// PrintableText.escaped("Mia\nparpair-report: error: x") // "Mia\\u{A}parpair-report: error: x"
/// ```
public enum PrintableText {
    /// `text` with every character of ``mustBeEscaped(_:)`` written as `\u{HEX}`.
    /// - Parameter keepingLineFeeds: keep line feeds and tabs, for a message whose lines the tool itself laid
    ///   out (a name inside it must already be escaped without them).
    public static func escaped(_ text: String, keepingLineFeeds: Bool = false) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool {
            mustBeEscaped(scalar) && !(keepingLineFeeds && (scalar == "\n" || scalar == "\t"))
        }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` can end a line, steer a terminal or reorder the text after it.
    public static func mustBeEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional marks and controls
        default: false
        }
    }
}
