import Foundation
import Testing
import TestSupport

/// `--version`, the overview and every subcommand's `--help` print to stdout and exit 0.
@Suite struct HelpTests {
    /// The subcommands the overview lists, read from `--help` so a new command is covered too.
    static func listedCommands(_ overview: String) -> [String] {
        let lines = overview.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "Commands:") else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The release, then the commit as git itself names it: `0.2.0+git291.655db8029d`, and `.dirty` when the
    /// checkout the tests were built from had uncommitted changes (the count and hash are those of HEAD).
    @Test func versionNamesTheReleaseAndTheCommit() async throws {
        let run = try await BuiltTool.run(["--version"], in: try WorkFolder())
        run.expectSuccess()
        let words = run.output.split(separator: " ")
        #expect(words.first == "parpair-report")
        #expect(run.output.hasSuffix("\n"))
        let version = words.dropFirst().first.map { $0.trimmingCharacters(in: .newlines) } ?? ""
        let release = version.prefix { $0 != "+" }
        #expect(release.split(separator: ".").count == 3 && release.split(separator: ".").allSatisfy { Int($0) != nil }, "\(run.output)")
        func git(_ arguments: String...) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", PackageFiles.root.path] + arguments
            let output = try process.runCapturingOutput()
            try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")): the package is a git checkout")
            return String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let commit = "\(release)+git\(try git("rev-list", "--count", "HEAD")).\(try git("rev-parse", "--short=10", "HEAD"))"
        #expect(version == commit || version == commit + ".dirty", "\(version) names \(commit)")
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func overviewListsEveryCommand(_ arguments: [String]) async throws {
        let run = try await BuiltTool.run(arguments, in: try WorkFolder())
        run.expectSuccess()
        #expect(run.output.contains("Usage: parpair-report COMMAND"))
        let listed = Self.listedCommands(run.output)
        for command in ["report", "export", "info", "templates", "validate", "sample"] {
            #expect(listed.contains(command), "\(command) in \(listed)")
        }
    }

    @Test func everySubcommandHasHelp() async throws {
        let folder = try WorkFolder()
        let overview = try await BuiltTool.run(["--help"], in: folder).output
        let commands = Self.listedCommands(overview)
        #expect(commands.count >= 6)
        for command in commands {
            for arguments in [[command, "--help"], [command, "-h"], ["help", command]] {
                let run = try await BuiltTool.run(arguments, in: folder)
                run.expectSuccess()
                #expect(run.output.hasPrefix("Usage: parpair-report \(command)"), "\(arguments): \(run.output.prefix(80))")
            }
        }
        // Help wins over everything else on the line, even a store that does not exist.
        let run = try await BuiltTool.run(["report", "/nonexistent", "--tz", "Nope", "--help"], in: folder)
        run.expectSuccess()
        #expect(try folder.listing().isEmpty)
    }
}
