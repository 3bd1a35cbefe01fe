import Foundation
import Testing
@testable import ParPairCLI

/// `--lang` and its default from the locale variables, through the command line.
@Suite struct LanguageOptionTests {
    /// The report's Markdown (written to a file: standard output is the process's, not the console's).
    static func markdown(_ extra: [String], environment: [String: String]) -> (status: ExitCode, stdout: String, stderr: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-lang-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = InProcessRun.run(["report", Package.sampleStore, "--today", "2026-11-20", "--tz", "America/New_York", "--quiet",
                                    "--output", file.path] + extra, environment: environment)
        return (run.status, (try? String(contentsOf: file, encoding: .utf8)) ?? "", run.stderr)
    }

    @Test func theLocaleChoosesTheLanguageAndLangWins() {
        let german = Self.markdown([], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.status == .success, "\(german.stderr)")
        #expect(german.stdout.hasPrefix("# Ernährung, Schlaf und Windeln im Überblick\n"))
        #expect(german.stdout.contains("Erstellt am 20.11.2026"))
        // LC_ALL comes before LANG; C means the default, English.
        let english = Self.markdown([], environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "C.UTF-8"])
        #expect(english.stdout.hasPrefix("# Feeding, sleep and diaper summary\n"))
        let french = Self.markdown(["--lang", "fr"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(french.stdout.contains("Établi le 20/11/2026"), "\(french.stdout.prefix(200))")
        #expect(!french.stdout.contains("Erstellt"))
    }

    @Test func anUnknownLanguageIsAUsageError() {
        let run = Self.markdown(["--lang", "pt"], environment: [:])
        #expect(run.status == .usage)
        #expect(run.stderr == "parpair-report: error: option '--lang': \"pt\" is not valid: expected en, de, fr or es; "
            + "see 'parpair-report report --help'\n")
    }
}
