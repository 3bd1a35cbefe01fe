import Foundation
import ParPairModel
import ParPairStore
import ParPairSample
import SQLite
import Testing

/// Hostile values, rows and schemas in an otherwise valid store. A value the aggregation rules
/// exclude ends in a report whose findings name it; a value the reader cannot decode ends in one
/// error naming table, column and Z_PK (exit 65); either way `HostileInputContract` holds.
@Suite struct HostileInputRowTests {
    typealias Rows = HostileInputRows
    typealias Store = HostileInputStore

    /// The hostile feed as one INSERT: the base values with some columns replaced by SQL expressions.
    static func insertFeed(_ writer: StoreWriter, _ overrides: [String: String]) throws {
        var values: [(String, String)] = [
            ("Z_PK", "\(Store.hostileRow)"), ("Z_ENT", "4"), ("Z_OPT", "1"), ("ZBABY", "1"), ("ZAMOUNT", "90"),
            ("ZENDTIME", "NULL"), ("ZSTARTTIME", "\(Store.reportTime + 3600)"), ("ZFEEDINGUNIT", "'ml'"),
            ("ZNOTES", "''"), ("ZTYPE", "'Formula'"), ("ZID", Store.hostileIDBlob),
        ]
        for index in values.indices {
            if let value = overrides[values[index].0] { values[index].1 = value }
        }
        try writer.execute("INSERT INTO ZFOODLOG (\(values.map(\.0).joined(separator: ", "))) "
            + "VALUES (\(values.map(\.1).joined(separator: ", ")))")
    }

    // MARK: - Numbers and dates

    static let numbers: [Rows] = [
        Rows("infinite amount", expected: .report([Rows.hostile("bad_amount")])) { writer in
            try writer.insert(Store.hostileFeed { $0.amount = .infinity })
        },
        Rows("negative infinite amount", expected: .report([Rows.hostile("bad_amount")])) { writer in
            try writer.insert(Store.hostileFeed { $0.amount = -.infinity })
        },
        Rows("infinite amount from the SQL literal 1e999", expected: .report([Rows.hostile("bad_amount")])) { writer in
            try insertFeed(writer, ["ZAMOUNT": "1e999"])
        },
        // SQLite stores a bound NaN as NULL, so the app cannot write one: the feed has no amount.
        Rows("NaN amount bound through SQLite", expected: .report([Rows.hostile("missing_amount")])) { writer in
            try writer.insert(Store.hostileFeed { $0.amount = .nan })
        },
        // A NaN written into the page behind SQLite's back: SQLite reads a NaN REAL as NULL.
        Rows("NaN amount patched into the page", expected: .report([Rows.hostile("missing_amount")]),
             patch: { store in try HostileInputRowTests.replaceDouble(12_345.678_9, with: .nan, in: store) }) { writer in
            try writer.insert(Store.hostileFeed { $0.amount = 12_345.678_9 })
        },
        Rows("negative amount", expected: .report([Rows.hostile("bad_amount")])) { writer in
            try writer.insert(Store.hostileFeed { $0.amount = -90 })
        },
        Rows("amount of 2^63-1 as an INTEGER", expected: .report([Rows.hostile("amount_over_1000ml")])) { writer in
            try insertFeed(writer, ["ZAMOUNT": "9223372036854775807"])
        },
        Rows("log in year 1", expected: .report([Rows.hostile("implausible_date")])) { writer in
            try writer.insert(Store.hostileFeed { $0.startTime = Date(timeIntervalSinceReferenceDate: Store.yearOne) })
        },
        Rows("log in year 9999", expected: .report([Rows.hostile("implausible_date")])) { writer in
            try writer.insert(Store.hostileFeed { $0.startTime = Date(timeIntervalSinceReferenceDate: Store.year9999) })
        },
        Rows("feed from year 1 to year 9999", expected: .report([Rows.hostile("implausible_date")])) { writer in
            try writer.insert(Store.hostileFeed {
                $0.type = .breastfeeding
                $0.amount = nil
                $0.feedingUnit = nil
                $0.startTime = Date(timeIntervalSinceReferenceDate: Store.yearOne)
                $0.endTime = Date(timeIntervalSinceReferenceDate: Store.year9999)
            })
        },
        Rows("sleep ending in year 9999", expected: .report([Rows.hostile("sleep_over_24h", "sleep")])) { writer in
            try writer.insert(SleepLog(id: Store.hostileID, startTime: Date(timeIntervalSinceReferenceDate: Store.reportTime),
                                       endTime: Date(timeIntervalSinceReferenceDate: Store.year9999),
                                       baby: .baby(id: Store.mia.id), rowID: Store.hostileRow))
        },
        Rows("baby born in year 1", expected: .report([])) { writer in
            try writer.insert(Baby(id: Store.hostileID, name: "Methuselah",
                                   birthday: Date(timeIntervalSinceReferenceDate: Store.yearOne), rowID: Store.hostileRow))
            try writer.insert(Store.hostileFeed { $0.id = Store.id(0x99); $0.baby = .baby(id: Store.hostileID) })
        },
        Rows("baby born in year 9999", expected: .report([Rows.Finding(rule: "before_birthday", kind: "food", row: 101)])) { writer in
            try writer.insert(Baby(id: Store.hostileID, name: "Future",
                                   birthday: Date(timeIntervalSinceReferenceDate: Store.year9999), rowID: Store.hostileRow))
            try writer.insert(Store.hostileFeed { $0.rowID = 101; $0.baby = .baby(id: Store.hostileID) })
        },
        Rows("start after year 9999", expected: Rows.badValue("ZFOODLOG", "ZSTARTTIME", "not a date between the years 0001 and 9999")) { writer in
            try insertFeed(writer, ["ZSTARTTIME": "1e12"])
        },
        Rows("birthday before year 1", expected: .error(65, containing: ["table ZBABY, column ZBIRTHDAY", "not a date between"])) { writer in
            try writer.execute("UPDATE ZBABY SET ZBIRTHDAY = -1e300")
        },
        Rows("end time +infinity", expected: Rows.badValue("ZFOODLOG", "ZENDTIME", "not a date between")) { writer in
            try insertFeed(writer, ["ZENDTIME": "1e999"])
        },
    ]

    // MARK: - Wrong types and NULLs

    static let types: [Rows] = [
        Rows("text in a date column", expected: Rows.badValue("ZFOODLOG", "ZSTARTTIME", "text 'yesterday'")) { writer in
            try insertFeed(writer, ["ZSTARTTIME": "'yesterday'"])
        },
        Rows("ISO text in an optional date column", expected: Rows.badValue("ZFOODLOG", "ZENDTIME", "expected a date")) { writer in
            try insertFeed(writer, ["ZENDTIME": "'2026-11-10T09:00:00Z'"])
        },
        Rows("BLOB in a date column", expected: Rows.badValue("ZDIAPERLOG", "ZTIME", "a BLOB of 4 bytes")) { writer in
            try writer.execute("INSERT INTO ZDIAPERLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZTIME, ZNOTES, ZTYPE, ZID) "
                + "VALUES (100, 3, 1, 1, X'00010203', '', 'Wet', \(Store.hostileIDBlob))")
        },
        Rows("3-byte UUID", expected: Rows.badValue("ZFOODLOG", "ZID", "a BLOB of 3 bytes, expected a 16-byte UUID")) { writer in
            try insertFeed(writer, ["ZID": "X'010203'"])
        },
        Rows("UUID as text", expected: Rows.badValue("ZFOODLOG", "ZID", "expected a 16-byte UUID")) { writer in
            try insertFeed(writer, ["ZID": "'BADBAD00-0000-4000-8000-000000000100'"])
        },
        Rows("text in the amount column", expected: Rows.badValue("ZFOODLOG", "ZAMOUNT", "text 'lots'")) { writer in
            try insertFeed(writer, ["ZAMOUNT": "'lots'"])
        },
        Rows("text in the baby relationship", expected: Rows.badValue("ZFOODLOG", "ZBABY", "expected a baby's Z_PK")) { writer in
            try insertFeed(writer, ["ZBABY": "'Mia'"])
        },
        Rows("BLOB in an enum column", expected: .report([Rows.hostile("unreadable_row")])) { writer in
            try insertFeed(writer, ["ZTYPE": "X'466F726D756C61'"])
        },
        Rows("text birthday", expected: .error(65, containing: ["table ZBABY, column ZBIRTHDAY, row Z_PK 1", "text 'spring'"])) { writer in
            try writer.execute("UPDATE ZBABY SET ZBIRTHDAY = 'spring'")
        },
        Rows("NULL in every column of a feed", expected: Rows.badValue("ZFOODLOG", "ZID", "is NULL, but FoodLog.id is required")) { writer in
            try writer.execute("INSERT INTO ZFOODLOG (Z_PK) VALUES (100)")
        },
        Rows("NULL in every column of a baby", expected: .error(65, containing: ["table ZBABY, column ZID, row Z_PK 100", "is NULL"])) { writer in
            try writer.execute("INSERT INTO ZBABY (Z_PK) VALUES (100)")
        },
        Rows("NULL in every column of a diaper", expected: Rows.badValue("ZDIAPERLOG", "ZID", "is NULL")) { writer in
            try writer.execute("INSERT INTO ZDIAPERLOG (Z_PK) VALUES (100)")
        },
        Rows("NULL start of a sleep", expected: Rows.badValue("ZSLEEPLOG", "ZSTARTTIME", "is NULL, but SleepLog.startTime is required")) { writer in
            try writer.execute("INSERT INTO ZSLEEPLOG (Z_PK, ZID, ZBABY) VALUES (100, \(Store.hostileIDBlob), 1)")
        },
        Rows("NULL in every optional column",
             expected: .report([Rows.hostile("missing_amount"), Rows.hostile("open_sleep", "sleep"),
                                Rows.Finding(rule: "orphan", kind: "diaper", row: 100), Rows.hostile("open_activity", "activity")])) { writer in
            try insertFeed(writer, ["ZAMOUNT": "NULL", "ZFEEDINGUNIT": "NULL", "ZENDTIME": "NULL", "ZNOTES": "NULL"])
            try writer.execute("INSERT INTO ZSLEEPLOG (Z_PK, ZID, ZBABY, ZSTARTTIME) VALUES (100, \(Store.hostileIDBlob), 1, \(Store.reportTime))")
            try writer.execute("INSERT INTO ZDIAPERLOG (Z_PK, ZID, ZTIME, ZTYPE) VALUES (100, \(Store.hostileIDBlob), \(Store.reportTime), 'Dirty')")
            try writer.execute("INSERT INTO ZACTIVITYLOG (Z_PK, ZID, ZBABY, ZSTARTTIME, ZTYPE) "
                + "VALUES (100, \(Store.hostileIDBlob), 1, \(Store.reportTime), 'Bath')")
        },
        // Baby.name is a non-optional String: unlike notes, a NULL name is not read as "".
        Rows("NULL name of a baby", expected: .error(65, containing: ["table ZBABY, column ZNAME, row Z_PK 1", "is NULL"])) { writer in
            try writer.execute("UPDATE ZBABY SET ZNAME = NULL")
        },
    ]

    // MARK: - Relationships, enums and schema

    static let shapes: [Rows] = [
        Rows("a log that points at a missing baby", expected: .report([Rows.hostile("orphan")])) { writer in
            try writer.insert(Store.hostileFeed { $0.baby = .dangling(rowID: 999) })
        },
        Rows("a log that points at Z_PK -1", expected: .report([Rows.hostile("orphan", "sleep")])) { writer in
            try writer.insert(SleepLog(id: Store.hostileID, startTime: Date(timeIntervalSinceReferenceDate: Store.reportTime),
                                       endTime: nil, baby: .dangling(rowID: -1), rowID: Store.hostileRow))
        },
        Rows("unknown raw values",
             expected: .report([Rows.hostile("unknown_value"), Rows.hostile("unknown_value", "diaper"),
                                Rows.hostile("unknown_value", "activity")])) { writer in
            try insertFeed(writer, ["ZTYPE": "'Cereal'", "ZFEEDINGUNIT": "'cups'"])
            try writer.execute("INSERT INTO ZDIAPERLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZTIME, ZNOTES, ZTYPE, ZID) "
                + "VALUES (100, 3, 1, 1, \(Store.reportTime), '', 'Explosive', \(Store.hostileIDBlob))")
            try writer.execute("INSERT INTO ZACTIVITYLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZSTARTTIME, ZENDTIME, ZNOTES, ZTYPE, ZID) "
                + "VALUES (100, 1, 1, 1, \(Store.reportTime), \(Store.reportTime + 600), '', '', \(Store.hostileIDBlob))")
        },
        Rows("per-case enum layout", style: .perCase, expected: .report([])) { _ in },
        Rows("per-case enum layout with an unknown case name", style: .perCase,
             expected: .report([Rows.hostile("unknown_value")])) { writer in
            try writer.insert(Store.hostileFeed())
            try writer.execute("UPDATE ZFOODLOG SET ZFORMULA = 'bottle' WHERE Z_PK = 100")
        },
        Rows("per-case enum layout with two cases set", style: .perCase, expected: .report([])) { writer in
            try writer.insert(Store.hostileFeed())
            try writer.execute("UPDATE ZFOODLOG SET ZSOLIDS = 'solids' WHERE Z_PK = 100")
        },
        // Every known case column NULL: a case of a newer app, counted under other and listed.
        Rows("per-case enum layout with no case set", style: .perCase, expected: .report([Rows.hostile("unknown_value")])) { writer in
            try writer.insert(Store.hostileFeed())
            try writer.execute("UPDATE ZFOODLOG SET ZFORMULA = NULL WHERE Z_PK = 100")
        },
        Rows("per-case enum layout missing a case column", style: .perCase, expected: .report([])) { writer in
            try writer.execute("ALTER TABLE ZFOODLOG DROP COLUMN ZSOLIDS")
        },
        Rows("missing column ZSTARTTIME", expected: .error(65, containing: ["table ZFOODLOG has no column ZSTARTTIME"])) { writer in
            try writer.execute("ALTER TABLE ZFOODLOG DROP COLUMN ZSTARTTIME")
        },
        Rows("missing column ZTYPE", expected: .error(65, containing: ["table ZDIAPERLOG has no column ZTYPE"])) { writer in
            try writer.execute("ALTER TABLE ZDIAPERLOG DROP COLUMN ZTYPE")
        },
        Rows("missing optional column ZAMOUNT", expected: .report([Rows.Finding(rule: "missing_amount", kind: "food", row: 1)])) { writer in
            try writer.execute("ALTER TABLE ZFOODLOG DROP COLUMN ZAMOUNT")
        },
        Rows("missing table ZSLEEPLOG", expected: .report([])) { writer in
            try writer.execute("DROP TABLE ZSLEEPLOG")
        },
        Rows("missing table ZBABY", expected: .error(65, containing: ["table ZBABY (entity Baby) is missing"])) { writer in
            try writer.execute("DROP TABLE ZBABY")
        },
        Rows("Z_METADATA holds noise instead of a property list", expected: .report([])) { writer in
            try writer.execute("UPDATE Z_METADATA SET Z_PLIST = randomblob(3000)")
        },
        Rows("Z_METADATA holds a truncated binary property list", expected: .report([])) { writer in
            try writer.execute("UPDATE Z_METADATA SET Z_PLIST = substr(Z_PLIST, 1, 40)")
        },
        Rows("Z_PRIMARYKEY names in wrong types", expected: .report([])) { writer in
            try writer.execute("UPDATE Z_PRIMARYKEY SET Z_NAME = randomblob(4) WHERE Z_ENT > 16000")
        },
        Rows("duplicate log ids", expected: .report([Rows.Finding(rule: "duplicate_id", kind: "food", row: 101)])) { writer in
            try writer.insert(Store.hostileFeed())
            try writer.insert(Store.hostileFeed { $0.rowID = 101 })
        },
        // Activities, and often diapers and sleeps, are read by the aggregating thread through a second connection.
        Rows("duplicate diaper ids", expected: .report([Rows.Finding(rule: "duplicate_id", kind: "diaper", row: 101)])) { writer in
            for (row, time) in [(100, Store.reportTime - 7200), (101, Store.reportTime)] {
                try writer.execute("INSERT INTO ZDIAPERLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZTIME, ZNOTES, ZTYPE, ZID) "
                    + "VALUES (\(row), 3, 1, 1, \(time), '', 'Wet', \(Store.hostileIDBlob))")
            }
        },
        Rows("duplicate sleep ids", expected: .report([Rows.Finding(rule: "duplicate_id", kind: "sleep", row: 101)])) { writer in
            for (row, start) in [(100, Store.reportTime - 7200), (101, Store.reportTime)] {
                try writer.execute("INSERT INTO ZSLEEPLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZSTARTTIME, ZENDTIME, ZNOTES, ZID) "
                    + "VALUES (\(row), 5, 1, 1, \(start), \(start + 1800), '', \(Store.hostileIDBlob))")
            }
        },
        Rows("duplicate activity ids", expected: .report([Rows.Finding(rule: "duplicate_id", kind: "activity", row: 101)])) { writer in
            for (row, start) in [(100, Store.reportTime - 7200), (101, Store.reportTime)] {
                try writer.execute("INSERT INTO ZACTIVITYLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZSTARTTIME, ZENDTIME, ZNOTES, ZTYPE, ZID) "
                    + "VALUES (\(row), 1, 1, 1, \(start), \(start + 600), '', 'Bath', \(Store.hostileIDBlob))")
            }
        },
        // Listed table by table, whichever connection found each row, and in whatever order.
        Rows("unreadable rows in the feeds, the sleeps, the diapers and the activities",
             expected: .report([Rows.hostile("unreadable_row"), Rows.hostile("unreadable_row", "sleep"),
                                Rows.hostile("unreadable_row", "diaper"), Rows.hostile("unreadable_row", "activity")])) { writer in
            try insertFeed(writer, ["ZSTARTTIME": "'yesterday'"])
            try writer.execute("INSERT INTO ZSLEEPLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZSTARTTIME, ZENDTIME, ZNOTES, ZID) "
                + "VALUES (100, 2, 1, 1, X'00', NULL, '', \(Store.hostileIDBlob))")
            try writer.execute("INSERT INTO ZDIAPERLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZTIME, ZNOTES, ZTYPE, ZID) "
                + "VALUES (100, 3, 1, 1, X'00', '', 'Wet', \(Store.hostileIDBlob))")
            try writer.execute("INSERT INTO ZACTIVITYLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZSTARTTIME, ZENDTIME, ZNOTES, ZTYPE, ZID) "
                + "VALUES (100, 1, 1, 1, X'00', NULL, '', 'Bath', \(Store.hostileIDBlob))")
        },
    ]

    // MARK: - Text

    static let text: [Rows] = [
        Rows("invalid UTF-8 in a note, a name and a type", expected: .report([Rows.hostile("unknown_value")])) { writer in
            try writer.execute("UPDATE ZBABY SET ZNAME = CAST(X'4D69C328FFFE61C3' AS TEXT)")
            try insertFeed(writer, ["ZNOTES": "CAST(X'C328A0A1FFFEF5BFBF41' AS TEXT)", "ZTYPE": "CAST(X'466F726D756C61FF' AS TEXT)"])
        },
        Rows("control characters in a note, a name and a type", expected: .report([Rows.hostile("unknown_value", "diaper")])) { writer in
            try writer.execute("UPDATE ZBABY SET ZNAME = 'M' || char(0) || 'ia' || char(7, 8, 11, 12, 27) || '[31m' || char(127, 0x85, 0x2028)")
            try writer.execute("INSERT INTO ZDIAPERLOG (Z_PK, Z_ENT, Z_OPT, ZBABY, ZTIME, ZNOTES, ZTYPE, ZID) "
                + "VALUES (100, 3, 1, 1, \(Store.reportTime), 'a' || char(0, 1, 11, 12, 27, 0xFFFE) || 'b', "
                + "'We' || char(8) || 't' || char(11), \(Store.hostileIDBlob))")
        },
        Rows("markup and formulas in a name and a note", expected: .report([])) { writer in
            try writer.execute("UPDATE ZBABY SET ZNAME = '<b>Mia</b> & \"]]>'' =HYPERLINK(\"x\") {{name}} | *x*'")
            try writer.execute("UPDATE ZFOODLOG SET ZNOTES = '=cmd|'' /C calc''!A0' || char(13, 10) || '</td><script>' WHERE Z_PK = 1")
        },
    ]

    @Test(arguments: numbers) func number(_ rows: Rows) async throws {
        try await Self.check(rows)
    }

    @Test(arguments: types) func wrongType(_ rows: Rows) async throws {
        try await Self.check(rows)
    }

    @Test(arguments: shapes) func shape(_ rows: Rows) async throws {
        try await Self.check(rows)
    }

    @Test(arguments: text) func hostileText(_ rows: Rows) async throws {
        try await Self.check(rows)
    }

    /// The per-case layout reads as the same data: its reports equal the raw-value layout's.
    @Test func perCaseLayoutReportsLikeRawValues() async throws {
        var reports: [String] = []
        for style in [StoreLayoutSQL.EnumStyle.rawValue, .perCase] {
            let files = try HostileInputFiles("layout \(style)")
            let input = try files.folder("input")
            try Store.write(at: input + "/default.store", style: style) { writer in
                try writer.insert(Store.hostileFeed { $0.type = .pumpedMilk; $0.feedingUnit = .ounces; $0.amount = 3 })
            }
            let outcome = try await HostileInputContract.check(
                store: input + "/default.store", inputFolder: input, work: try files.folder("work"), commands: [.markdown, .csv])
            reports.append((outcome.outputs[.markdown] ?? "") + (outcome.outputs[.csv] ?? ""))
        }
        #expect(reports[0].contains("Mia"))
        #expect(reports[0] == reports[1])
    }

    // MARK: - Running a case

    static func check(_ rows: Rows, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let files = try HostileInputFiles(rows.name)
        let input = try files.folder("input")
        let store = input + "/default.store"
        try Store.write(at: store, style: rows.style, rows.write)
        try rows.patch?(store)

        let work = try files.folder("work")
        let outcome = try await HostileInputContract.check(store: store, inputFolder: input, work: work, sourceLocation: sourceLocation)
        HostileInputSummary.note(rows.name, outcome)
        if let code = rows.expected.errorCode {
            let texts = rows.expected.errorTexts
            for command in HostileInputCommand.allCases where command != .info {
                let line = outcome.error(command) ?? "no error"
                #expect(outcome.runs[command]?.status == code, "\(command): \(outcome.runs[command]?.description ?? "not run")",
                        sourceLocation: sourceLocation)
                for text in texts {
                    #expect(line.contains(text), "\(command): expected '\(text)' in \(line)", sourceLocation: sourceLocation)
                }
            }
        } else {
            let expected = rows.expected.findings
            #expect(outcome.codes == [0, 0, 0, 0, 0], "\(outcome.runs.values.map(\.description))", sourceLocation: sourceLocation)
            let listed = try await findings(store: store, folder: work + "/findings", sourceLocation: sourceLocation)
            for finding in expected {
                #expect(listed.contains(finding), "\(finding) not among the findings \(listed)", sourceLocation: sourceLocation)
            }
            for command in [HostileInputCommand.html, .markdown] {
                // C0 controls are not XML 1.0 characters, and ESC or BEL would reach a terminal.
                let controls = (outcome.outputs[command] ?? "").unicodeScalars.filter {
                    $0.value < 0x20 && !["\t", "\n", "\r"].contains($0)
                }
                #expect(controls.isEmpty, "\(command) carries control characters \(controls.map(\.value))",
                        sourceLocation: sourceLocation)
            }
            // An unreadable row is named by its table and Z_PK (its id may be the value that failed).
            for command in [HostileInputCommand.html, .markdown] where expected.contains(where: { $0.rule == "unreadable_row" }) {
                // Markdown escapes the underscore: Z\_PK.
                let text = (outcome.outputs[command] ?? "").replacingOccurrences(of: "\\_", with: "_")
                #expect(text.contains("row Z_PK \(Store.hostileRow)"),
                        "the \(command) does not name row \(Store.hostileRow)", sourceLocation: sourceLocation)
            }
            if expected.contains(where: { $0.row >= Store.hostileRow && $0.rule != "unreadable_row" }) {  // rows 100 and up carry the hostile id
                let id = Store.hostileID.uuidString
                #expect(outcome.outputs[.markdown]?.contains(id) == true, "the Markdown findings do not name \(id)",
                        sourceLocation: sourceLocation)
                #expect(outcome.outputs[.html]?.contains(id) == true, "the XHTML findings do not name \(id)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// The findings of the report, read through a template that lists `rule kind row` per line.
    static func findings(store: String, folder: String, sourceLocation: SourceLocation) async throws -> Set<Rows.Finding> {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let template = folder + "/findings.mustache", output = folder + "/findings.md"
        try Data(Store.findingsTemplate.utf8).write(to: URL(fileURLWithPath: template))
        let run = try await HostileInputTool.run(
            ["report", store, "--format", "md", "--template", template, "--output", output,
             "--tz", "UTC", "--today", HostileInputCommand.today], folder: folder)
        #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
        let text = (try? FileContents.text(atPath: output)) ?? ""
        var findings: Set<Rows.Finding> = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 3, let row = Int64(parts[2]) else { continue }
            findings.insert(Rows.Finding(rule: String(parts[0]), kind: String(parts[1]), row: row))
        }
        return findings
    }

    /// Replaces the one big-endian IEEE double `value` in a file with `replacement`, byte for byte.
    static func replaceDouble(_ value: Double, with replacement: Double, in path: String) throws {
        let data = Data(try FileContents.bytes(atPath: path))
        let pattern = withUnsafeBytes(of: value.bitPattern.bigEndian) { Data($0) }
        guard let range = data.range(of: pattern), data.range(of: pattern, in: range.upperBound..<data.endIndex) == nil else {
            throw HostileInputSetupError("\(path) does not hold \(value) exactly once")
        }
        let bytes = withUnsafeBytes(of: replacement.bitPattern.bigEndian) { Array($0) }
        try HostileInputFiles.overwrite(path, at: range.lowerBound, with: bytes)
    }
}
