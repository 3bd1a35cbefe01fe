import Testing

/// `--version`, the overview and every subcommand's `--help` print to stdout and exit 0.
@Suite struct HelpTests {
    /// The subcommands the overview lists, read from `--help` so a new command is covered too.
    static func listedCommands(_ overview: String) -> [String] {
        let lines = overview.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "Commands:") else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test func versionPrintsTheVersion() async throws {
        let run = try await BuiltTool.run(["--version"], in: try WorkFolder())
        run.expectSuccess()
        let words = run.output.split(separator: " ")
        #expect(words.first == "parpair-report")
        #expect(run.output.hasSuffix("\n"))
        let version = words.dropFirst().first.map { $0.trimmingCharacters(in: .newlines) } ?? ""
        #expect(version.split(separator: ".").count == 3 && version.split(separator: ".").allSatisfy { Int($0) != nil }, "\(run.output)")
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
