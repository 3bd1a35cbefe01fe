import Foundation
import Testing
@testable import ParPairCLI

/// Each argument mistake a user makes gets exactly one line on standard error, naming the mistake and
/// where the help is, and exit 64; the messages are pinned word for word.
@Suite struct ArgumentErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var line: String
        var testDescription: String { name }
    }

    static let store = Package.sampleStore
    static let cases: [Case] = [
        Case(name: "an option missing its value before another option",
             arguments: ["report", store, "--tz", "--today", "2026-11-20"],
             line: "option '--tz' needs a value (ZONE); see 'parpair-report report --help'"),
        Case(name: "an option missing its value at the end",
             arguments: ["export", store, "--table"],
             line: "option '--table' needs a value (weekly|daily|events); see 'parpair-report export --help'"),
        Case(name: "a mistyped option",
             arguments: ["report", store, "--unit", "metric"],
             line: "unknown option '--unit' (did you mean '--units'?); see 'parpair-report report --help'"),
        Case(name: "a mistyped command",
             arguments: ["reprot", store],
             line: "unknown command 'reprot' (did you mean 'report'?); see 'parpair-report --help'"),
        Case(name: "an unknown command far from any",
             arguments: ["frobnicate"],
             line: "unknown command 'frobnicate'; see 'parpair-report --help'"),
        Case(name: "an option of another command",
             arguments: ["info", store, "--output", "x.html"],
             line: "option '--output' does not apply to info (it is for report, export); see 'parpair-report info --help'"),
        Case(name: "recipients separated by a semicolon",
             arguments: ["digest", store, "--eml", "-", "--from", "p@example.org", "--to", "a@b.org;c@d.org"],
             line: "option '--to': separate recipients with ',', not ';' (got 'a@b.org;c@d.org'); see 'parpair-report digest --help'"),
        Case(name: "a closed choice",
             arguments: ["report", store, "--format", "docx"],
             line: "option '--format': \"docx\" is not valid: expected html, csv, md or pdf; see 'parpair-report report --help'"),
        Case(name: "a value given to a flag",
             arguments: ["report", store, "--redact=yes"],
             line: "option '--redact' is a flag and takes no value; see 'parpair-report report --help'"),
        // (report takes several STOREs, so there '--help' after '--' would be a store named so.)
        Case(name: "--help after -- is an argument, not a help request",
             arguments: ["sample", "out.store", "--", "--help"],
             line: "unexpected argument '--help'; see 'parpair-report sample --help'"),
        Case(name: "no command",
             arguments: [],
             line: "missing command; see 'parpair-report --help'"),
        Case(name: "a due date for babies born on different days",
             arguments: ["report", store, "--today", "2026-11-20", "--format", "csv", "--due-date", "2026-10-18"],
             line: "--due-date 2026-10-18 is one baby's term (or twins' born the same day), but the babies selected were born on "
                + "different days (Léo, Mia); pick one with --baby; see 'parpair-report report --help'"),
        // Mia was born 2026-08-23: a due date 2027-01-10 is 140 days later, so 280 - 140 = 140 days = 20w0d of gestation.
        Case(name: "a due date that puts the birth before 22 weeks",
             arguments: ["report", store, "--today", "2026-11-20", "--format", "csv", "--baby", "Mia", "--due-date", "2027-01-10"],
             line: "--due-date 2027-01-10 puts Mia's birth (2026-08-23) at 20w0d of gestation; a term from 22w0d to 44w6d is expected; "
                + "see 'parpair-report report --help'"),
        Case(name: "both ways of giving the term",
             arguments: ["report", store, "--due-date", "2026-10-18", "--born-at", "32w0d"],
             line: "--due-date and --born-at say the same thing; give one; see 'parpair-report report --help'"),
        Case(name: "a gestational age out of range",
             arguments: ["digest", store, "--out", "x", "--born-at", "50w0d"],
             line: "option '--born-at': \"50w0d\" is not valid: expected weeks and days of gestation from 22w0d to 44w6d, such as 33w4d "
                + "or 33+4; see 'parpair-report digest --help'"),
        Case(name: "a check-up after today",
             arguments: ["report", store, "--today", "2026-11-20", "--since", "2026-11-21"],
             line: "--since 2026-11-21 is after the report's today (2026-11-20); see 'parpair-report report --help'"),
        Case(name: "a check-up with a week choice",
             arguments: ["report", store, "--today", "2026-11-20", "--since", "2026-11-01", "--last", "2"],
             line: "--since chooses the weeks itself; leave out --weeks and --last; see 'parpair-report report --help'"),
        Case(name: "a visit with a week choice",
             arguments: ["report", store, "--today", "2026-11-20", "--visit", "--last", "2"],
             line: "--visit summarizes the last 14 days and chooses the weeks itself; leave out --weeks and --last (or give "
                + "--since DATE for another period); see 'parpair-report report --help'"),
    ]

    @Test(arguments: cases)
    func oneLineAndExit64(_ test: Case) {
        let run = InProcessRun.run(test.arguments)
        #expect(run.status == .usage)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "parpair-report: error: \(test.line)\n")
    }

    /// `--baby` takes the id prefix digest folders carry; a baby the store lacks is a usage error (64)
    /// that lists the babies, by initials and id prefix only when the names are redacted.
    @Test func babyByIDPrefix() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = InProcessRun.run(["export", Self.store, "--table", "weekly", "--baby", "8c720336", "--today", "2026-11-20",
                                    "--output", file.path])
        #expect(run.status == .success, "\(run.stderr)")
        let rows = try String(contentsOf: file, encoding: .utf8).split(separator: "\r\n").dropFirst()
        #expect(!rows.isEmpty && rows.allSatisfy { $0.hasPrefix("Mia,") })
    }

    @Test func unknownBabyIsAUsageError() {
        let run = InProcessRun.run(["report", Self.store, "--baby", "Noah", "--format", "csv"])
        #expect(run.status == .usage)
        #expect(run.stderr == "parpair-report: error: no baby named or with id 'Noah' in the store; it holds: "
            + "Léo (37F3D1FD-7928-438B-B2C9-5D5A55963D58), Mia (8C720336-B90E-452B-A83D-0B897700890B); "
            + "see 'parpair-report report --help'\n")
    }

    @Test func unknownBabyWithRedactShowsNoName() {
        let run = InProcessRun.run(["report", Self.store, "--baby", "Noah", "--redact", "--format", "csv"])
        #expect(run.status == .usage)
        #expect(run.stderr == "parpair-report: error: no baby named or with id 'Noah' in the store; it holds: "
            + "L. (37f3d1fd), M. (8c720336); see 'parpair-report report --help'\n")
        #expect(!run.stderr.contains("Léo") && !run.stderr.contains("Mia"))
    }

    @Test func versionAndHelp() {
        let version = InProcessRun.run(["--version"])
        #expect(version.status == .success)
        #expect(version.stdout == "parpair-report \(ParPairCommand.packageVersion)\n")
        for spec in ParPairCommand.specs {
            let help = InProcessRun.run([spec.name.rawValue, "--help"])
            #expect(help.status == .success)
            #expect(help.stdout.hasPrefix("Usage: parpair-report \(spec.name.rawValue)"))
            #expect(help.stderr.isEmpty)
        }
    }
}

extension ArgumentErrorTests {
    @Test func aDayStartAfterNoonIsAUsageErrorThatSaysWhy() {
        let run = InProcessRun.run(["report", Self.store, "--day-start", "13:00"])
        #expect(run.status == .usage)
        #expect(run.stderr == "parpair-report: error: option '--day-start': \"13:00\" is not valid: expected a time from 00:00 to "
            + "12:00 (a report day beginning later would count most of a day's logs in the day before); "
            + "see 'parpair-report report --help'\n")
    }
}

/// The format and the output agree, and markup is not dumped into a terminal.
@Suite struct FormatAndTargetTests {
    static let store = Package.sampleStore

    @Test func anUnknownExtensionIsAUsageErrorThatSaysWhatToDo() {
        let run = InProcessRun.run(["report", Self.store, "--format", "csv", "--output", "/tmp/parpair-never/report.txt"])
        #expect(run.status == .usage)
        #expect(run.stderr == "parpair-report: error: the output report.txt ends in .txt, which is not a format this tool writes "
            + "(html, csv, md, pdf); to write csv to it anyway, add --any-extension; see 'parpair-report report --help'\n")
    }

    @Test func aFormatThatContradictsTheExtensionNamesBoth() {
        let run = InProcessRun.run(["report", Self.store, "--format", "md", "--output", "/tmp/parpair-never/report.html"])
        #expect(run.status == .usage)
        #expect(run.stderr == "parpair-report: error: --format md contradicts the output report.html, whose extension means html; "
            + "rename the output, or add --any-extension to write md to it anyway; see 'parpair-report report --help'\n")
    }

    @Test func htmlIsNotDumpedIntoATerminal() {
        let out = InProcessRun.Captured()
        let err = InProcessRun.Captured()
        let console = Console(out: { out.append($0) }, err: { err.append($0) }, environment: ["TZ": "UTC"], outputIsTerminal: true)
        let status = ParPairCommand.run(["report", Self.store], console: console)
        #expect(status == .usage)
        #expect(err.text == "parpair-report: error: an HTML report is not for reading in a terminal: give --output report.html "
            + "(or pipe it somewhere); see 'parpair-report report --help'\n")
        #expect(out.text.isEmpty)
    }
}
