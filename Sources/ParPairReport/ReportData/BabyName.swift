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
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "(unnamed baby)" : trimmed
    }
}

import Foundation
