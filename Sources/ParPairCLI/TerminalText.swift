import PrintableText

/// JSON for a terminal: what ``PrintableText`` escapes for a terminal, written as JSON escapes (`\u202e`),
/// so the text stays valid JSON, keeps the exact data for scripts, and passes the console unchanged.
enum TerminalText {
    static func jsonSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: PrintableText.mustBeEscaped) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            // Every such character is in the Basic Multilingual Plane; JSON's own escapes leave none raw but these.
            if PrintableText.mustBeEscaped(scalar), scalar != "\n" {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
