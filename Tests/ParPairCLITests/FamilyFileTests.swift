import Foundation
import Testing
@testable import ParPairCLI

/// The family file's grammar (docs/two-phones.md), line by line, and its errors naming file, line and key.
@Suite struct FamilyFileTests {
    @Test func sectionsSettingsCommentsAndQuotes() throws {
        let text = """
            # a comment
              backups = ~/Backup   # a comment after a value
            units = imperial
            store = a.store
            store = b.store

            [phone Dad\u{2019}s iPhone]   # a device name as iOS writes it
            password-file = "dad #1.pw"
            [baby  "Nora Lee" ]
            due-date = 2026-10-18\r
            """
        let family = try FamilyFile(path: "family", text: text)
        #expect(family.settings.map(\.key) == ["backups", "units", "store", "store"])
        #expect(family.value("backups")?.value == "~/Backup")
        #expect(family.value("backups")?.line == 2)
        #expect(family.phones.map(\.name) == ["Dad\u{2019}s iPhone"])
        #expect(family.phones.first?.value("password-file")?.value == "dad #1.pw", "a quoted value keeps its #")
        #expect(family.babies.map(\.name) == ["Nora Lee"])
        #expect(family.babies.first?.value("due-date")?.value == "2026-10-18")
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var error: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(name: "an unknown key", text: "backups = x\n[phone a]\ncolour = red\n",
            error: "family:3: colour: unknown key in a [phone] section; known: password-file, store"),
        Bad(name: "a key given twice", text: "units = metric\n\nunits = imperial\n", error: "family:3: units: given twice (first on line 1)"),
        Bad(name: "an unknown section", text: "[car x]\n", error: "family:1: unknown section [car]; sections are [phone NAME|UDID] and [baby NAME]"),
        Bad(name: "a section without a name", text: "[phone]\n", error: "family:1: [phone] needs a name: [phone NAME]"),
        Bad(name: "an unclosed section", text: "[phone x\n", error: "family:1: a section opens with '[' but has no ']'"),
        Bad(name: "a line without '='", text: "units imperial\n", error: "family:1: expected 'key = value', a [section] or a # comment"),
        Bad(name: "no value", text: "units =\n", error: "family:1: units: no value after '='"),
        Bad(name: "a key of the wrong place", text: "[baby Nora]\nunits = imperial\n",
            error: "family:2: units: unknown key in a [baby] section; known: born-at, due-date"),
    ]

    @Test(arguments: bad) func errorsNameFileLineAndKey(_ bad: Bad) {
        #expect(throws: FamilyFileError.self) { try FamilyFile(path: "family", text: bad.text) }
        do {
            _ = try FamilyFile(path: "family", text: bad.text)
        } catch {
            #expect("\(error)" == bad.error)
        }
    }

    /// The corrected week of each weekly row, by baby: `corrected_week` beside `week`.
    static func correctedWeeks(_ csv: String) -> [String: [(week: Int, corrected: String)]] {
        let lines = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first, let week = header.firstIndex(of: "week"), let corrected = header.firstIndex(of: "corrected_week") else { return [:] }
        var result: [String: [(week: Int, corrected: String)]] = [:]
        for row in lines.dropFirst() { result[row[0], default: []].append((Int(row[week]) ?? -1, row[corrected])) }
        return result
    }

    @Test func eachBabyOfTheFileGetsItsOwnTerm() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-family-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let family = folder.appendingPathComponent("family").path
        // Born at 33w0d, Léo is 280 - 231 = 49 days (7 weeks) early; Mia at 35w0d, 35 days (5 weeks).
        try Data("""
            store = \(Package.sampleStore)
            tz = America/New_York
            [baby Léo]
            born-at = 33w0d
            [baby mia]   # a name as --baby takes it
            born-at = 35w0d
            """.utf8).write(to: URL(fileURLWithPath: family))
        let output = folder.appendingPathComponent("weeks.csv").path
        let run = InProcessRun.run(["export", "--family", family, "--table", "weekly", "--today", "2026-11-20", "--output", output])
        #expect(run.status == .success, "\(run.stderr)")
        let weeks = Self.correctedWeeks(try String(contentsOfFile: output, encoding: .utf8))
        let leo = try #require(weeks["Léo"]).filter { $0.week >= 7 }
        let mia = try #require(weeks["Mia"]).filter { $0.week >= 5 }
        #expect(!leo.isEmpty && leo.allSatisfy { $0.corrected == String($0.week - 7) }, "\(leo)")
        #expect(!mia.isEmpty && mia.allSatisfy { $0.corrected == String($0.week - 5) }, "\(mia)")

        // The command line's term stands for the run: with --baby Mia and --born-at 36w0d she is 4 weeks early.
        let overridden = InProcessRun.run(["export", "--family", family, "--baby", "Mia", "--born-at", "36w0d", "--table", "weekly",
                                           "--today", "2026-11-20", "--output", output])
        #expect(overridden.status == .success, "\(overridden.stderr)")
        let only = try #require(Self.correctedWeeks(try String(contentsOfFile: output, encoding: .utf8))["Mia"]).filter { $0.week >= 4 }
        #expect(!only.isEmpty && only.allSatisfy { $0.corrected == String($0.week - 4) }, "\(only)")

        // A baby the store does not hold is named with the file's line, not silently left uncorrected.
        try Data("store = \(Package.sampleStore)\n[baby Noah]\ndue-date = 2026-12-01\n".utf8).write(to: URL(fileURLWithPath: family))
        let unknown = InProcessRun.run(["export", "--family", family, "--table", "weekly", "--today", "2026-11-20", "--output", output])
        #expect(unknown.status == .usage)
        #expect(unknown.stderr.hasPrefix("parpair-report: error: \(family):3: [baby Noah] is no baby of the store; the store's babies are Léo ("),
                "\(unknown.stderr)")
    }

    @Test func aFamilyFileThatIsNoneIsRefusedWithoutWaiting() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-family-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let large = folder.appendingPathComponent("large").path
        try Data(repeating: 0x23, count: (1 << 20) + 1).write(to: URL(fileURLWithPath: large))  // 1 MiB of '#' and one more
        let exact = folder.appendingPathComponent("exact").path
        try Data(("store = \(Package.sampleStore)\n" + String(repeating: "#", count: 1 << 20)).utf8.prefix(1 << 20)).write(to: URL(fileURLWithPath: exact))
        for (file, status, message) in [
            (fifo, ExitCode.noInput, "\(fifo): it is a FIFO (named pipe), not a regular file"),
            (folder.path, .noInput, "\(folder.path): it is a folder, not a file"),
            (large, .dataError, "\(large): larger than 1 MiB; a family file is a few lines"),
        ] {
            let run = InProcessRun.run(["info", "--family", file])
            #expect(run.status == status)
            #expect(run.stderr == "parpair-report: error: \(message)\n")
        }
        // 1 MiB exactly is read.
        #expect(InProcessRun.run(["info", "--family", exact]).status == .success)
    }
}
