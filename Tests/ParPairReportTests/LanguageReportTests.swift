import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import Testing

/// The sample store's report in German, French and Spanish: valid XHTML in the language, with its
/// words, dates and decimal commas; the CSV stays the English machine contract.
@Suite struct LanguageReportTests {
    /// What each language must show. Léo's week 9 (2026-08-26 to 2026-09-01) has 50 feeds over 7 logged
    /// days (the committed weekly CSV), so 50 / 7 = 7.142… feeds a day, shown to one decimal.
    struct Expected: Sendable, CustomTestStringConvertible {
        var language: Language
        var headings: [String]
        var today: String
        var weekNine: String
        var friday: String
        var footer: String
        var testDescription: String { language.rawValue }
    }

    static let cases: [Expected] = [
        Expected(language: .german, headings: ["Ernährung, Woche für Woche", "Datenqualität"], today: "20.11.2026",
                 weekNine: "<td class=\"left nowrap\">26.08.2026 – 01.09.2026</td>\n<td>7 von 7</td>\n<td class=\"not_applicable\">7,1</td>",
                 friday: "Fr 20.11.2026", footer: "\"Seite \" counter(page) \" von \" counter(pages)"),
        Expected(language: .french, headings: ["Alimentation, semaine par semaine", "Qualité des données"], today: "20/11/2026",
                 weekNine: "<td class=\"left nowrap\">26/08/2026 – 01/09/2026</td>\n<td>7 sur 7</td>\n<td class=\"not_applicable\">7,1</td>",
                 friday: "ven. 20/11/2026", footer: "\"page \" counter(page) \" sur \" counter(pages)"),
        Expected(language: .spanish, headings: ["Alimentación, semana a semana", "Calidad de los datos"], today: "20/11/2026",
                 weekNine: "<td class=\"left nowrap\">26/08/2026 – 01/09/2026</td>\n<td>7 de 7</td>\n<td class=\"not_applicable\">7,1</td>",
                 friday: "vie 20/11/2026", footer: "\"p\\E1 gina \" counter(page) \" de \" counter(pages)"),
    ]

    static func report(_ output: ReportOutput, _ language: Language) throws -> String {
        // Rendering HTML validates it against the XHTML 1.0 Strict DTD, and throws when it is not valid.
        try output.render(store: PackagePaths.sampleStore, options: SampleSettings.options(), language: language)
    }

    @Test(arguments: cases)
    func theHTMLReportIsValidXHTMLInTheLanguage(_ expected: Expected) throws {
        let html = try Self.report(.html, expected.language)
        let code = expected.language.rawValue
        #expect(html.contains("<html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"\(code)\" lang=\"\(code)\">"))
        for heading in expected.headings {
            #expect(html.contains("<h2>\(heading)</h2>"), "no heading \(heading)")
        }
        #expect(html.contains(expected.today))
        #expect(!html.contains("2026-11-20"), "an ISO date is left in the \(code) report")
        #expect(html.contains(expected.weekNine), "week 9 of Léo")
        #expect(html.contains(expected.friday), "the last day, a Friday")
        #expect(html.contains(expected.footer), "the page footer")
        // Every figure in a table cell takes the decimal comma.
        #expect(html.range(of: #"<td[^>]*>[0-9]+\.[0-9]+<"#, options: .regularExpression) == nil)
        #expect(!html.contains("Feeds per day"))
        #expect(!html.contains("Data quality"))
    }

    @Test(arguments: cases)
    func theMarkdownReportIsInTheLanguage(_ expected: Expected) throws {
        let markdown = try Self.report(.markdown, expected.language)
        #expect(markdown.contains(expected.today))
        #expect(markdown.contains(expected.headings[1]))
        #expect(markdown.contains("| 9 | \(expected.weekNine.contains("26.08") ? "26.08.2026 – 01.09.2026" : "26/08/2026 – 01/09/2026") | 7/7 | 7,1 |"))
        // The age notation is the same in every language.
        #expect(markdown.contains("D+149, 21w2d"))
    }

    @Test(arguments: cases)
    func theCSVIsTheEnglishMachineContract(_ expected: Expected) throws {
        #expect(try Self.report(.csv, expected.language) == (try Self.report(.csv, .english)))
        #expect(try Self.report(.daily, expected.language) == (try Self.report(.daily, .english)))
    }

    @Test func findingsAreExplainedInTheLanguage() throws {
        let html = try Self.report(.html, .german)
        // Léo's 1200 oz formula feed (the sample's "amount over 1,000 ml" finding): 1200 × 29.5735 = 35488.2 ml.
        #expect(html.contains("Säuglingsmilch: Menge 1200 oz (35488,2 ml) liegt über 1.000 ml für eine Mahlzeit"))
        // Its time as the printed page shows it: 2 September 2026 was a Wednesday (Python's datetime); no offset.
        #expect(html.contains("Mi 2. Sept. 2026, 01:52"))
        #expect(!html.contains("01:52:00-04:00"))
    }
}

/// A baby born early is written in the notation of the language's clinics: 32w0d, SSW 32+0, 32 SA + 0 j.
@Suite struct GestationalAgeNotationTests {
    @Test(arguments: [(Language.english, "32w0d of gestation"), (.german, "SSW 32+0"), (.french, "32 SA + 0 j"), (.spanish, "32+0 semanas")])
    func theGestationalAgeIsWrittenAsTheClinicWritesIt(_ language: Language, _ expected: String) throws {
        var options = SampleSettings.options()
        options.birthTerm = .dueDate(CivilDate(year: 2026, month: 10, day: 18))  // Mia, born 2026-08-23 at 32w0d
        let markdown = try ReportOutput.markdown.render(store: PackagePaths.sampleStore, options: options, baby: "Mia", language: language)
        #expect(markdown.contains(expected), "\(markdown.prefix(1500))")
    }
}
