import Foundation
import ParPairModel
import ParPairReport
import ParPairStore
import Testing
import XHTML

/// The digest files of the sample store (Léo born 2026-06-24, Mia 2026-08-23, New York, data to 2026-11-20).
@Suite("Digest files")
struct DigestRenderingTests {
    /// Diapers of one baby per local date, counted straight from the store: a reference that shares no
    /// code with the aggregation.
    static func naiveDiapers(baby name: String, from: String, to: String) throws -> [String: (all: Int, wet: Int)] {
        let calendar = LifeCalendar(timeZone: try DigestFixtures.zone("America/New_York"))
        var counts: [String: (all: Int, wet: Int)] = [:]
        try StoreReader.withReader(path: try DigestFixtures.sampleStore()) { reader in
            guard let baby = reader.babies.first(where: { $0.name == name }) else { throw DigestFixtures.Missing(description: name) }
            try reader.forEachDiaperLog { log in
                guard log.baby.babyID == baby.id else { return }
                let date = calendar.civilDate(of: log.time).description
                guard date >= from, date <= to else { return }
                var count = counts[date] ?? (0, 0)
                count.all += 1
                if log.type == .wet || log.type == .mixed { count.wet += 1 }
                counts[date] = count
            }
        }
        return counts
    }

    /// CSV rows as dictionaries keyed by the header (the digest's CSV has no quoted commas in these columns).
    static func rows(_ csv: [UInt8]) -> [[String: String]] {
        let lines = String(decoding: csv, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().map { line in
            Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
    }

    @Test("one md, html and csv file per baby, named after the baby and the week")
    func fileNames() throws {
        let run = try DigestFixtures.sampleRun(today: "2026-11-20")
        let files = try DigestRendering().files(run, formats: [.markdown, .html, .csv])
        #expect(files.map(\.relativePath) == [
            "leo-37f3d1fd/week-020.md", "leo-37f3d1fd/week-020.html", "leo-37f3d1fd/week-020.csv",
            "mia-8c720336/week-011.md", "mia-8c720336/week-011.html", "mia-8c720336/week-011.csv",
        ])
        #expect(run.digests.map { "\($0.target.startDate)…\($0.target.endDate)" } == ["2026-11-11…2026-11-17", "2026-11-08…2026-11-14"])
        for file in files where file.format == .html {
            let result = XHTMLValidator().validate(file.bytes, name: file.relativePath)
            #expect(result.passed, "\(result)")
        }
        let markdown = try #require(files.first { $0.relativePath == "leo-37f3d1fd/week-020.md" })
        let text = String(decoding: markdown.bytes, as: UTF8.self)
        #expect(text.hasPrefix("# Weekly digest: Léo, week 20\n"))
        #expect(text.contains("## Léo: week 20, 2026-11-11 to 2026-11-17"))
        #expect(!text.contains("Mia"))
    }

    @Test("digest --due-date: corrected ages and bands for the corrected age")
    func correctedDigest() throws {
        // Mia, born 2026-08-23 and due 2026-10-18 (56 days early). On 2026-11-23 her latest complete week is 12
        // (days 84-90): corrected days 28-34, corrected week 4. Today is day 92: corrected 36 = 5w1d.
        let run = try DigestFixtures.sampleRun(today: "2026-11-23", baby: "Mia", term: .dueDate(try DigestFixtures.date("2026-10-18")))
        let rendering = try DigestRendering()
        let digest = try #require(run.digests.first)
        let markdown = try rendering.render(digest, of: run, format: .markdown)
        #expect(markdown.contains("(D+84, 12w0d (corrected 4w0d) to D+90, 12w6d (corrected 4w6d))"))
        #expect(markdown.contains("age today D+92, 13w1d (corrected 5w1d)"))
        #expect(markdown.contains("Born at: 32w0d of gestation (8w0d early, due 2026-10-18); corrected age until 2027-08-23 (12 months)"))
        // Corrected week 4 is under 7 weeks: the early tummy-time band 6-15 (chronological week 12 would have 15-30).
        #expect(digest.current.references.first { $0.metric == "tummy_time_min_per_day" }?.rangeText == "6–15")
        #expect(markdown.contains("ages also read as corrected age"))
        let csv = try rendering.render(digest, of: run, format: .csv)
        #expect(csv.contains(",84,12,4,28,2026-11-15,"), "day 84: week 12, corrected week 4, corrected day 28")
    }

    @Test("the CSV holds the week's seven days, with the diapers a naive count of the store finds")
    func csvAgainstNaiveCount() throws {
        let run = try DigestFixtures.sampleRun(today: "2026-11-20", baby: "Mia")
        let rendering = try DigestRendering()
        let digest = try #require(run.digests.first)
        let csv = Array(try rendering.render(digest, of: run, format: .csv).utf8)
        let text = String(decoding: csv, as: UTF8.self)
        #expect(text.hasPrefix("baby,baby_id,day,week,corrected_week,corrected_day,date,logged,feeds_logged,sleep_logged,diapers_logged,activities_logged,feeds,"))
        #expect(text.hasSuffix("\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let rows = Self.rows(csv)
        #expect(rows.map { $0["date"] ?? "" } == (8...14).map { "2026-11-\($0 < 10 ? "0" : "")\($0)" })
        #expect(rows.map { $0["day"] ?? "" } == (77...83).map(String.init))
        #expect(rows.allSatisfy { $0["baby"] == "Mia" && $0["week"] == "11" })
        let naive = try Self.naiveDiapers(baby: "Mia", from: "2026-11-08", to: "2026-11-14")
        #expect(rows.map { $0["diapers"] ?? "" } == rows.map { String(naive[$0["date"] ?? ""]?.all ?? 0) })
        #expect(rows.map { $0["wet"] ?? "" } == rows.map { String(naive[$0["date"] ?? ""]?.wet ?? 0) })
    }

    @Test("the comparison's wet diapers per day match a naive count of both weeks, with the right arrow")
    func comparisonAgainstNaiveCount() throws {
        let run = try DigestFixtures.sampleRun(today: "2026-11-20", baby: "Mia")
        let markdown = try DigestRendering().document(run, format: .markdown)
        let naive = try Self.naiveDiapers(baby: "Mia", from: "2026-11-01", to: "2026-11-14")
        let previous = Double(naive.filter { $0.key <= "2026-11-07" }.values.map(\.wet).reduce(0, +)) / 7
        let current = Double(naive.filter { $0.key >= "2026-11-08" }.values.map(\.wet).reduce(0, +)) / 7
        let arrow = current > previous ? "▲" : current < previous ? "▼" : "="
        // Both weeks have all 7 days logged, so per day is over 7; counts per day are shown to one decimal.
        let row = "| Wet diapers per day | \(String(format: "%.1f", previous)) | \(String(format: "%.1f", current)) | \(arrow) "
        #expect(markdown.contains("### Week 11 against week 10 (per day)"))
        #expect(markdown.contains(row), "expected a row starting \(row)")
        for label in ["Feedings per day", "Bottle ml per day", "Sleep hours per day", "Dirty diapers per day"] {
            #expect(markdown.contains("| \(label) | "))
        }
    }

    @Test("a week with no logs still gets a digest that says so, and a CSV of seven empty days")
    func weekWithoutLogs() throws {
        let run = try DigestFixtures.sampleRun(today: "2026-11-20", baby: "Léo", choice: .week(5))
        let files = try DigestRendering().files(run, formats: [.markdown, .html, .csv])
        #expect(files.map(\.relativePath) == ["leo-37f3d1fd/week-005.md", "leo-37f3d1fd/week-005.html", "leo-37f3d1fd/week-005.csv"])
        let text = String(decoding: files[0].bytes, as: UTF8.self)
        #expect(text.contains("0 of 7 days logged"))
        #expect(text.contains("Nothing was logged for Léo in week 5, so there are no figures this time."))
        #expect(!text.contains("against week"))
        #expect(!text.contains("The week in figures"))
        let html = String(decoding: files[1].bytes, as: UTF8.self)
        #expect(html.contains("Nothing was logged for Léo in week 5"))
        #expect(XHTMLValidator().validate(files[1].bytes, name: "week-005.html").passed)
        let rows = Self.rows(files[2].bytes)
        #expect(rows.count == 7)
        // Nothing logged is no figure, not a zero.
        #expect(rows.allSatisfy { $0["logged"] == "0" && $0["feeds"] == "" && $0["sleep_h"] == "" && $0["findings"] == "0" })
    }

    @Test("a week logged on some days only says that per-day figures read low; no comparison with an empty week")
    func partlyLoggedWeek() throws {
        // Léo's logs begin on 2026-08-23, day 60: week 8 (days 56-62) has 3 logged days, week 7 none.
        let run = try DigestFixtures.sampleRun(today: "2026-11-20", baby: "Léo", choice: .week(8))
        let text = try DigestRendering().document(run, format: .markdown)
        #expect(text.contains("3 of 7 days logged"))
        #expect(text.contains("Only 3 of the 7 days have logs."))
        #expect(text.contains("Nothing was logged in week 7, so there is no earlier week to compare with."))
        #expect(!text.contains("against week 7"))
    }

    @Test("--redact shows initials and names folders baby-<id>")
    func redacted() throws {
        let run = try DigestFixtures.sampleRun(today: "2026-11-20", redact: true)
        let files = try DigestRendering().files(run, formats: [.markdown, .csv])
        #expect(files.map(\.relativePath) == [
            "baby-37f3d1fd/week-020.md", "baby-37f3d1fd/week-020.csv", "baby-8c720336/week-011.md", "baby-8c720336/week-011.csv",
        ])
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            #expect(!text.contains("Léo") && !text.contains("Mia"))
        }
        #expect(String(decoding: files[0].bytes, as: UTF8.self).contains("# Weekly digest: L., week 20"))
    }

    @Test("the data-quality section lists only the week's findings")
    func findingsOfTheWeek() throws {
        // Léo's tummy time of 2026-11-17 never stopped (day 146, week 20); Mia's newest sleep runs on
        // 2026-11-20, which is in her week 12, not in the digest's week 11.
        let run = try DigestFixtures.sampleRun(today: "2026-11-20")
        let text = try DigestRendering().document(run, format: .markdown)
        for digest in run.digests {
            #expect(digest.findings.allSatisfy { $0.week == digest.target.week })
        }
        #expect(run.digests[0].findings.map { "\($0.kind) \($0.localTime.prefix(10))" } == ["activity 2026-11-17"])
        #expect(run.digests[1].findings.isEmpty)
        #expect(text.contains("Logs of week 20 that are left out of a total or need a look (1):"))
        #expect(text.contains("Nothing to fix: every log of week 11 counts in the totals."))
    }
}
