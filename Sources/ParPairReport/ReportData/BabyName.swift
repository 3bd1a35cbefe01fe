/// How a baby's name appears in a report: as recorded, or as initials with `--redact`.
enum BabyName {
    /// `Mia Sofía Müller` → `M. S. M.`; an empty name stays a placeholder.
    static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "-" })
        let letters = words.compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
        guard !letters.isEmpty else { return "Baby" }
        return letters.map { "\($0.uppercased())." }.joined(separator: " ")
    }

    static func shown(_ name: String, redact: Bool) -> String {
        if redact { return initials(of: name) }
        let trimmed = trimmed(name)
        return trimmed.isEmpty ? "(unnamed baby)" : trimmed
    }

    /// `name` without the whitespace and line breaks around it, scalar by scalar in Foundation's own set, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` trims, without its round trip through UTF-16. The set is not
    /// quite Unicode's White_Space: on Linux it holds U+200B too.
    static func trimmed(_ name: String) -> String {
        let set = CharacterSet.whitespacesAndNewlines
        let scalars = name.unicodeScalars
        guard let first = scalars.firstIndex(where: { !set.contains($0) }),
              let last = scalars.lastIndex(where: { !set.contains($0) }) else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return name }
        return String(scalars[first...last])
    }
}

import Foundation
