import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import Testing

/// The column guide and the CSV writers name the same columns, and every catalog explains each of them.
@Suite struct CSVColumnGuideTests {
    /// The columns the README's contract lists for each table, written out by hand (metric, then imperial).
    static let written: [ExportTable: [String]] = [
        .events: ["baby", "kind", "type", "start", "end", "duration_min", "amount", "unit", "amount_ml", "notes", "day", "week", "id"],
    ]

    @Test func theGuideHasEveryColumnTheWritersWriteAndNoOther() {
        var used: Set<String> = []
        for table in ExportTable.allCases {
            for units in [VolumeUnits.metric, .imperial] {
                for name in CSVColumnGuide.columns(of: table, units: units) {
                    #expect(CSVColumnGuide.entry(name) != nil, "\(table) column \(name) is not in the guide")
                    used.insert(name)
                }
            }
        }
        #expect(Set(CSVColumnGuide.entries.map(\.name)) == used, "entries no table writes")
        #expect(CSVColumnGuide.columns(of: .events, units: .metric) == Self.written[.events])
        #expect(CSVColumnGuide.columns(of: .weekly, units: .metric).count == 47,
                "the 40 columns of the issue's weekly CSV, bottle_ml_per_feed, feedings, feedings_per_day and the 4 days per kind")
        #expect(CSVColumnGuide.columns(of: .weekly, units: .imperial).contains("bottle_oz_per_day"))
    }

    @Test(arguments: Language.allCases)
    func everyCatalogExplainsEveryColumn(_ language: Language) {
        let localizer = Localizer(language)
        for entry in CSVColumnGuide.entries {
            for (key, text) in [("column_" + entry.name, entry.label(localizer)), ("column_" + entry.name + "_meaning", entry.meaning(localizer)),
                                ("column_unit_" + entry.unit.rawValue, entry.unitName(localizer))] {
                #expect(!text.isEmpty && text != key, "\(language).catalog has no \(key)")
            }
        }
        for table in ExportTable.allCases {
            let headings = CSVColumnGuide.columns(of: table, units: .metric).map { CSVColumnGuide.humanHeader($0, localizer) }
            #expect(Set(headings).count == headings.count, "\(language): two \(table) columns share a heading")
        }
    }

    /// A day with no logs is empty in every figure; a logged day holding diapers only says 0 where diapers are counted
    /// and leaves the other kinds empty, its flags saying which kind was logged (worked out by hand).
    @Test func anUnloggedDayHasEmptyFigures() throws {
        let id = try #require(UUID(uuidString: "37F3D1FD-0000-4000-8000-000000000001"))
        let date = CivilDate(year: 2026, month: 11, day: 1)
        let empty = DaySummary(babyID: id, babyName: "Léo", day: 3, date: date, logged: false, metrics: LogMetrics(), findings: 1, units: .metric)
        let cells = Dictionary(uniqueKeysWithValues: empty.columns.map { ($0.name, $0.value.formatted) })
        #expect(cells["logged"] == "0" && cells["findings"] == "1" && cells["day"] == "3" && cells["date"] == "2026-11-01")
        for name in ["feeds", "sleep_h", "wet", "formula_ml", "tummy_time_min", "activity_min"] {
            #expect(cells[name] == "", "\(name)")
        }
        #expect(["feeds_logged", "sleep_logged", "diapers_logged", "activities_logged"].allSatisfy { cells[$0] == "0" })
        var diapers = LogMetrics()
        (diapers.diapers, diapers.wet) = (2, 2)
        let day = DaySummary(babyID: id, babyName: "Léo", day: 3, date: date, logged: true, metrics: diapers, findings: 0, units: .metric)
        let logged = Dictionary(uniqueKeysWithValues: day.columns.map { ($0.name, $0.value.formatted) })
        #expect((logged["feeds_logged"], logged["sleep_logged"], logged["diapers_logged"], logged["activities_logged"]) == ("0", "0", "1", "0"))
        #expect((logged["diapers"], logged["wet"], logged["dirty"], logged["dry"]) == ("2", "2", "0", "0"))
        for name in ["feeds", "feedings", "formula_ml", "longest_feed_gap_h", "sleep_h", "sleeps", "tummy_time_min", "activity_min"] {
            #expect(logged[name] == "", "\(name): not logged that day, so not 0")
        }
    }
}
