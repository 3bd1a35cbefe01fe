import Foundation
import ParPairReport
import Testing

/// Each catalog's glossary: one term for one thing. A figure's name and every other text use the glossary's term and
/// never the words it sets aside (German: Säuglingsmilch, not Pre-Nahrung; Stuhlwindeln, not volle Windeln).
@Suite struct GlossaryTests {
    /// The catalog's `key = text` lines, read straight from `Templates/`, not through the code under test.
    static func texts(_ language: Language) throws -> [String: String] {
        let url = PackagePaths.root.appendingPathComponent("Templates/\(language.rawValue).catalog")
        var texts: [String: String] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            texts[trimmed[..<equals].trimmingCharacters(in: .whitespaces)] = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        return texts
    }

    @Test(arguments: Language.allCases)
    func everyTextUsesTheGlossarysTerms(_ language: Language) throws {
        let texts = try Self.texts(language)
        let glossary = texts.filter { $0.key.hasPrefix("glossary_") }
        #expect(glossary.count >= 12, "\(language).catalog has a glossary")
        let others = texts.filter { !$0.key.hasPrefix("glossary_") }
        for (key, entry) in glossary.sorted(by: { $0.key < $1.key }) {
            let parts = entry.split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            try #require(parts.count == 2, "\(language) \(key): 'term | avoided, avoided'")
            let term = parts[0]
            #expect(others.values.contains { $0.localizedCaseInsensitiveContains(term) }, "\(language) \(key): no text uses '\(term)'")
            for avoided in parts[1].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !avoided.isEmpty {
                let users = others.filter { $0.value.localizedCaseInsensitiveContains(avoided) }.keys.sorted()
                #expect(users.isEmpty, "\(language): '\(avoided)' is not the glossary's word for \(term): \(users.joined(separator: ", "))")
            }
        }
    }

    /// A figure's name, wherever the report names it (the figure list, the comparison, the visit summary), says
    /// what it counts in a glossary term: "Fläschchen mit Säuglingsmilch pro Tag", not a word of its own.
    @Test(arguments: Language.allCases)
    func everyFigureIsNamedInTheGlossarysTerms(_ language: Language) throws {
        let texts = try Self.texts(language)
        let terms = texts.filter { $0.key.hasPrefix("glossary_") }.values.compactMap {
            $0.split(separator: "|").first?.trimmingCharacters(in: .whitespaces)
        }
        let figureNames = texts.filter { key, _ in
            key.hasPrefix("figure_") || key.hasPrefix("change_")
                || (key.hasPrefix("visit_") && (key.hasSuffix("_per_day") || key.hasSuffix("_per_feed")))
        }
        #expect(figureNames.count >= 20)
        for (key, name) in figureNames.sorted(by: { $0.key < $1.key }) {
            // Plural and accent forms count as the term: "Biberones" names a "biberón".
            let named = terms.contains { name.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
            #expect(named, "\(language) \(key) = \(name): no glossary term")
        }
    }
}
