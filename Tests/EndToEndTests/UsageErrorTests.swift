import Testing

/// Wrong use of the command line exits 64 with one error line naming what was wrong, before any file is opened.
@Suite struct UsageErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// Text the error line must hold.
        var fragments: [String]

        var testDescription: String { name }
    }

    static let sample = PackageFiles.sampleStore
    static let cases: [Case] = [
        Case(name: "no arguments", arguments: [], fragments: ["missing command"]),
        Case(name: "unknown command", arguments: ["frobnicate"], fragments: ["unknown command 'frobnicate'"]),
        Case(name: "unknown option", arguments: ["report", sample, "--colour", "red"], fragments: ["unknown option '--colour'"]),
        Case(name: "option without its value", arguments: ["report", sample, "--tz"], fragments: ["'--tz'", "needs a value"]),
        Case(name: "missing store argument", arguments: ["report"], fragments: ["missing STORE"]),
        Case(name: "bad --tz", arguments: ["report", sample, "--tz", "Mars/Olympus_Mons"], fragments: ["'--tz'", "Mars/Olympus_Mons"]),
        Case(name: "bad --today", arguments: ["report", sample, "--today", "2026-02-30"], fragments: ["'--today'", "2026-02-30"]),
        Case(name: "bad --units", arguments: ["report", sample, "--units", "furlongs"], fragments: ["'--units'", "furlongs"]),
        Case(name: "bad --weeks", arguments: ["report", sample, "--weeks", "5-2"], fragments: ["'--weeks'", "5-2"]),
        Case(name: "bad --last", arguments: ["report", sample, "--last", "0"], fragments: ["'--last'"]),
        Case(name: "bad --day-start", arguments: ["report", sample, "--day-start", "25:00"], fragments: ["'--day-start'", "25:00"]),
        Case(name: "bad --night", arguments: ["report", sample, "--night", "late"], fragments: ["'--night'", "late"]),
        Case(name: "bad --format", arguments: ["report", sample, "--format", "docx"], fragments: ["'--format'", "docx"]),
        Case(name: "--weeks with --last", arguments: ["report", sample, "--weeks", "1-2", "--last", "2"], fragments: ["--weeks", "--last"]),
        Case(name: "export without --table", arguments: ["export", sample], fragments: ["--table"]),
        Case(name: "export with a bad --table", arguments: ["export", sample, "--table", "monthly"], fragments: ["'--table'", "monthly"]),
        Case(name: "bad --units on export", arguments: ["export", sample, "--table", "weekly", "--units", "cups"], fragments: ["'--units'"]),
        Case(name: "bad --today on info", arguments: ["info", sample, "--today", "tomorrow"], fragments: ["'--today'", "tomorrow"]),
        // Arguments are checked before anything is opened: a missing store does not hide a bad option.
        Case(name: "bad --tz with a missing store", arguments: ["report", "/nonexistent/parpair", "--tz", "Nope"], fragments: ["'--tz'"]),
        Case(name: "unknown templates action", arguments: ["templates", "frobnicate"], fragments: ["frobnicate"]),
    ]

    @Test(arguments: cases)
    func usageErrorExits64(_ test: Case) async throws {
        let folder = try WorkFolder()
        let run = try await BuiltTool.run(test.arguments, in: folder)
        run.expectFailure(64, mentioning: test.fragments)
        #expect(run.stderr.contains("--help"), "a usage error points at the help: \(run.stderr)")
        #expect(try folder.listing().isEmpty, "nothing written")
    }
}
