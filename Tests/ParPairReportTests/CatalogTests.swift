import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import Testing

/// The message catalogs in `Templates/`: each parses, has exactly English's keys, and keeps each text's
/// Mustache tags, so no language shows a key name or drops a figure.
@Suite struct CatalogTests {
    /// The tags of a text: `{{week}}`, `{{#redacted}}`, … as written.
    static func tags(_ text: String) -> [String] {
        var tags: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            tags.append(String(rest[open.lowerBound..<close.upperBound]))
            rest = rest[close.upperBound...]
        }
        return tags.sorted()
    }

    /// A catalog file read straight from `Templates/`, not through the code under test.
    static func keysInFile(_ language: Language) throws -> [String] {
        let url = PackagePaths.root.appendingPathComponent("Templates/\(language.rawValue).catalog")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
            return trimmed[..<equals].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(arguments: Language.allCases)
    func everyCatalogHasExactlyTheEnglishKeys(_ language: Language) throws {
        let english = try Self.keysInFile(.english)
        let keys = try Self.keysInFile(language)
        #expect(Set(keys).count == keys.count, "a key is defined twice in \(language).catalog")
        let missing = Set(english).subtracting(keys).sorted()
        let extra = Set(keys).subtracting(english).sorted()
        #expect(missing.isEmpty, "\(language).catalog lacks \(missing.joined(separator: ", "))")
        #expect(extra.isEmpty, "\(language).catalog has keys English lacks: \(extra.joined(separator: ", "))")
    }

    /// What goes on paper reads as words: no log or baby id (a pediatrician cannot look one up; the events export
    /// lists them), and no soft hyphen, which let a heading break inside a word ("Fütte- rungen").
    @Test(arguments: Language.allCases)
    func printedTextsNameNoIDAndBreakNoWord(_ language: Language) throws {
        let url = PackagePaths.root.appendingPathComponent("Templates/\(language.rawValue).catalog")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(!text.unicodeScalars.contains("\u{AD}"), "\(language).catalog holds a soft hyphen")
        for tag in ["{{id}}", "{{ids}}", "{{{id}}}"] {
            #expect(!text.contains(tag), "\(language).catalog prints \(tag)")
        }
    }

    @Test(arguments: Language.allCases)
    func everyTextKeepsTheEnglishTags(_ language: Language) throws {
        let english = MessageCatalog.builtIn(.english).texts
        let catalog = MessageCatalog.builtIn(language)
        for (key, text) in catalog.texts {
            guard let original = english[key] else { continue }
            #expect(Self.tags(text) == Self.tags(original), "\(language).catalog: \(key) = \(text)")
            #expect(!text.isEmpty, "\(language).catalog: \(key) is empty")
        }
    }

    @Test func theFindingsTextsInSwiftAreTheEnglishCatalogs() {
        let english = MessageCatalog.builtIn(.english).texts
        for (key, text) in FindingMessage.englishTexts {
            #expect(english[key] == text, "en.catalog: \(key) should read '\(text)'")
        }
    }

    @Test func everyCatalogKeyTheBuiltInTemplatesReadExists() throws {
        let english = MessageCatalog.builtIn(.english).texts
        let folder = PackagePaths.root.appendingPathComponent("Templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for tag in Self.tags(text) where tag.hasPrefix("{{t.") || tag.hasPrefix("{{t_css.") {
                let key = String(tag.dropFirst(2).dropLast(2).drop { $0 != "." }.dropFirst())
                #expect(english[key] != nil, "\(name) reads \(tag), which en.catalog lacks")
            }
        }
    }

    @Test func aMalformedLineIsNamedWithItsLine() {
        #expect(throws: CatalogError(file: "x.catalog", line: 3, column: 1, problem: "expected 'key = text'", text: "no equals sign")) {
            try MessageCatalog(language: .german, text: "# comment\nweek = Woche\nno equals sign\n", file: "x.catalog")
        }
        #expect(throws: CatalogError(file: "x.catalog", line: 2, column: 1, problem: "key defined twice", text: "week")) {
            try MessageCatalog(language: .german, text: "week = Woche\nweek = Semaine\n", file: "x.catalog")
        }
        #expect(throws: CatalogError(file: "x.catalog", line: 1, column: 1, problem: "a key is lowercase letters, digits and '_'",
                                     text: "Week Day")) {
            try MessageCatalog(language: .german, text: "Week Day = Woche\n", file: "x.catalog")
        }
        let parsed = try? MessageCatalog(language: .german, text: "\r\n# c\r\nweek =  Woche \r\nnote = a = b\n", file: "x.catalog")
        #expect(parsed?.texts == ["week": "Woche", "note": "a = b"])
    }

    @Test func theLanguageComesFromTheLocaleVariablesInPOSIXOrder() {
        #expect(Language.from(environment: [:]) == .english)
        #expect(Language.from(environment: ["LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.from(environment: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == .french)
        #expect(Language.from(environment: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR", "LC_ALL": "es_ES.UTF-8"]) == .spanish)
        // An empty variable does not decide; one naming a language without a catalog means English.
        #expect(Language.from(environment: ["LC_ALL": "", "LANG": "fr_CA.UTF-8"]) == .french)
        #expect(Language.from(environment: ["LC_ALL": "pt_BR.UTF-8", "LANG": "de_DE.UTF-8"]) == .english)
        #expect(Language.from(environment: ["LANG": "C.UTF-8"]) == .english)
        #expect(Language.from(environment: ["LANG": "POSIX"]) == .english)
        #expect(Language.from(environment: ["LANG": "es"]) == .spanish)
    }

    @Test func datesAndFiguresFollowTheLanguage() {
        let date = CivilDate(year: 2026, month: 3, day: 5)
        #expect(Localizer(.english).date(date) == "2026-03-05")
        #expect(Localizer(.german).date(date) == "05.03.2026")
        #expect(Localizer(.french).date(date) == "05/03/2026")
        #expect(Localizer(.spanish).date(date) == "05/03/2026")
        #expect(Localizer(.german).number("-7.14") == "-7,14")
        #expect(Localizer(.english).number("7.14") == "7.14")
        #expect(Localizer(.german).withMachineFigures.number("7.14") == "7.14")
        #expect(Localizer(.german).withMachineFigures.date(date) == "2026-03-05")
        // 2026-03-05 is a Thursday.
        #expect(Localizer(.english).weekday(date) == "Thu")
        #expect(Localizer(.german).dateTime("2026-03-05T14:05:00-05:00") == "05.03.2026 14:05:00-05:00")
        #expect(Localizer(.english).dateTime("2026-03-05T14:05:00-05:00") == "2026-03-05T14:05:00-05:00")
    }
}
