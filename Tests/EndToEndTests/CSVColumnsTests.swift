import Foundation
import Testing

/// `parpair-report columns` and `--csv-headers human`: the CSV explained to the people who read it. The
/// expected headings and meanings are written out here by hand, as a doctor would want to read them.
@Suite struct CSVColumnsTests {
    static let weekly = ["export", PackageFiles.sampleStore, "--table", "weekly"] + PackageFiles.sampleSettings

    /// Every header of the three tables (and the imperial volume columns) has a line of its own, in English and German.
    @Test(arguments: [("en", "Feeds per day: Feeds of the logged days divided by days_with_feeds", "Wet diapers: Wet diapers, mixed ones included"),
                      ("de", "Mahlzeiten pro Tag: Mahlzeiten der erfassten Tage geteilt durch days_with_feeds",
                       "Nasse Windeln: Nasse Windeln, gemischte eingeschlossen")])
    func columnsExplainsEveryColumn(_ language: String, _ feedsPerDay: String, _ wet: String) async throws {
        let folder = try WorkFolder()
        let run = try await BuiltTool.run(["columns", "--lang", language], in: folder)
        run.expectSuccess()
        let lines = run.output.split(separator: "\n").map(String.init)
        // Each table's headers, as the CSV writers print them (the machine contract of the README).
        let events = ["baby", "kind", "type", "start", "end", "duration_min", "amount", "unit", "amount_ml", "notes", "day", "week", "id"]
        for table in ["weekly", "daily"] {
            let csv = try await BuiltTool.run(["export", PackageFiles.sampleStore, "--table", table] + PackageFiles.sampleSettings, in: folder)
            let imperial = try await BuiltTool.run(
                ["export", PackageFiles.sampleStore, "--table", table, "--units", "imperial"] + PackageFiles.sampleSettings, in: folder)
            for name in Set(Self.header(csv.output) + Self.header(imperial.output)) {
                #expect(lines.contains { $0.hasPrefix("  \(name) ") }, "\(language): no line for \(table) column \(name)")
            }
        }
        for name in events { #expect(lines.contains { $0.hasPrefix("  \(name) ") }, "\(language): no line for events column \(name)") }
        #expect(lines.contains { $0.hasPrefix("  feeds_per_day ") && $0.hasSuffix(feedsPerDay) })
        #expect(lines.contains { $0.hasPrefix("  wet ") && $0.hasSuffix(wet) })
        #expect(lines.contains { $0.hasPrefix("  bottle_oz_per_day ") && $0.contains(language == "de" ? "US fl oz pro Tag" : "US fl oz per day") })
        // Three tables, each under its heading.
        #expect(lines.filter { !$0.hasPrefix(" ") && $0.contains("CSV") }.count == 4, "the intro and three headings")
    }

    @Test func humanHeadersInEnglishAndGermanKeepEveryCell() async throws {
        let folder = try WorkFolder()
        let machine = try await BuiltTool.run(Self.weekly, in: folder)
        let english = try await BuiltTool.run(Self.weekly + ["--csv-headers", "human", "--lang", "en"], in: folder)
        let german = try await BuiltTool.run(Self.weekly + ["--csv-headers", "human", "--lang", "de"], in: folder)
        for run in [machine, english, german] { run.expectSuccess() }
        #expect(Self.header(machine.output).prefix(4) == ["baby", "baby_id", "week", "first_day"], "the default stays the machine contract")
        let englishHeader = Self.header(english.output)
        #expect(englishHeader.prefix(4) == ["Baby", "Baby ID", "Age week", "First day of life"])
        #expect(englishHeader.contains("Feeds per day") && englishHeader.contains("Bottle ml per day") && englishHeader.contains("Days logged"))
        let germanHeader = Self.header(german.output)
        #expect(germanHeader.contains("Mahlzeiten pro Tag") && germanHeader.contains("Fläschchen ml pro Tag") && germanHeader.contains("Lebenswoche"))
        for header in [englishHeader, germanHeader] {
            #expect(header.count == Self.header(machine.output).count && Set(header).count == header.count, "one distinct heading a column")
        }
        // Only the header line differs.
        #expect(Self.body(english.output) == Self.body(machine.output) && Self.body(german.output) == Self.body(machine.output))

        let imperial = try await BuiltTool.run(Self.weekly + ["--units", "imperial", "--csv-headers", "human", "--lang", "en"], in: folder)
        #expect(Self.header(imperial.output).contains("Bottle oz per day"))
        // The events export and the CSV report too, in French.
        let events = try await BuiltTool.run(
            ["export", PackageFiles.sampleStore, "--table", "events", "--csv-headers", "human", "--lang", "fr"] + PackageFiles.sampleSettings, in: folder)
        #expect(Self.header(events.output).prefix(4) == ["Bébé", "Genre", "Type", "Début"])
        let report = try await BuiltTool.run(
            ["report", PackageFiles.sampleStore, "--format", "csv", "--csv-headers", "human", "--lang", "de"] + PackageFiles.sampleSettings, in: folder)
        #expect(Self.header(report.output).contains("Schlaf h pro Tag"))
        let wrong = try await BuiltTool.run(Self.weekly + ["--csv-headers", "people"], in: folder)
        wrong.expectFailure(64, mentioning: ["--csv-headers"])
    }

    /// A day with no logs is not a day of zero sleep: its figure cells are empty, `logged` 0 and so every `*_logged`,
    /// `findings` a count. On a logged day a kind's cells are empty exactly when its `*_logged` is 0.
    @Test func theDailyCSVLeavesUnloggedDaysEmpty() async throws {
        let folder = try WorkFolder()
        let run = try await BuiltTool.run(["export", PackageFiles.sampleStore, "--table", "daily"] + PackageFiles.sampleSettings, in: folder)
        run.expectSuccess()
        let header = Self.header(run.output)
        let logged = try #require(header.firstIndex(of: "logged"))
        let flags = ["feeds_logged", "sleep_logged", "diapers_logged", "activities_logged"].compactMap { header.firstIndex(of: $0) }
        #expect(flags == Array(logged + 1...logged + 4))
        let findings = try #require(header.firstIndex(of: "findings"))
        let rows = Self.lines(run.output).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let unlogged = rows.filter { $0[logged] == "0" }
        #expect(!unlogged.isEmpty, "the sample store has days without logs (before each baby's first log)")
        for row in unlogged {
            #expect(flags.allSatisfy { row[$0] == "0" }, "\(row)")
            let figures = row[(logged + 5)..<findings]
            #expect(figures.allSatisfy { $0.isEmpty }, "\(row)")
            #expect(Int(row[findings]) != nil)
        }
        for row in rows where row[logged] == "1" {
            for (flag, cell) in [("feeds_logged", "feeds"), ("sleep_logged", "sleep_h"), ("diapers_logged", "wet"), ("activities_logged", "activity_min")] {
                #expect((row[header.firstIndex(of: flag)!] == "1") == (row[header.firstIndex(of: cell)!] != ""), "\(flag): \(row)")
            }
        }
    }

    /// The lines of a CSV, CRLF or LF ("\r\n" is one Character in Swift).
    static func lines(_ csv: String) -> [Substring] {
        csv.split { $0 == "\n" || $0 == "\r\n" }
    }

    static func header(_ csv: String) -> [String] {
        let line = lines(csv).first ?? ""
        return line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    static func body(_ csv: String) -> String {
        lines(csv).dropFirst().joined(separator: "\n")
    }
}
