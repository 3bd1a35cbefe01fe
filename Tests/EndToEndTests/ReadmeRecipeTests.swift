import Foundation
import Testing

/// The README's shell lines that can run here, run as written with bash: the quick start, the password
/// recipe, and the digest hand test against the sample store. Each block is the fenced one after a
/// `<!-- README recipe: NAME` comment; what a fresh machine has not got (the built tool on PATH, a store under
/// /srv) is the only thing put in, by the substitutions each test names.
@Suite struct ReadmeRecipeTests {
    /// The fenced block after the recipe comment `name`, its indentation removed and `\`-continued lines joined.
    static func recipe(_ name: String) throws -> [String] {
        let readme = try String(contentsOf: PackageFiles.root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "<!-- README recipe: \(name)"), "README.md has no recipe '\(name)'")
        let lines = readme[marker.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        let fence = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("```") })
        var commands: [String] = []
        var pending = ""
        for line in lines[(fence + 1)...] {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("```") { break }
            if text.hasSuffix("\\") { pending += text.dropLast() + " "; continue }
            commands.append(pending + text)
            pending = ""
        }
        return commands.filter { !$0.isEmpty }
    }

    /// Runs `command` with bash in `folder`, the built tool first on PATH.
    static func bash(_ command: String, in folder: WorkFolder, home: String? = nil) async throws -> ToolRun {
        let tool = URL(fileURLWithPath: try BuiltTool.executable.get()).deletingLastPathComponent().path
        var environment = ["PATH": tool + ":/usr/bin:/bin"]
        if let home { environment["HOME"] = home }
        return try await BuiltTool.run(["-c", command], in: folder, environment: environment, executable: "/bin/bash")
    }

    @Test func theQuickStartRendersTheSampleReport() async throws {
        let lines = try Self.recipe("quick start")
        #expect(lines == [
            "swift run -c release parpair-report report samples/default.store --tz America/New_York --today 2026-11-20 --output report.html",
            "swift test",
        ])
        // The first line with the tool the tests were built with (a release build is the benchmarks' business);
        // the second is this run.
        let folder = try WorkFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("samples"), withDestinationPath: PackageFiles.root.appendingPathComponent("samples").path)
        let run = try await Self.bash(lines[0].replacingOccurrences(of: "swift run -c release parpair-report", with: "parpair-report"), in: folder)
        run.expectSuccess()
        #expect(run.output == "report.html\n")
        let html = try String(contentsOfFile: folder.file("report.html"), encoding: .utf8)
        #expect(html.contains("<h1>Léo</h1>") && html.contains("<h1>Mia</h1>"))
    }

    /// On a fresh machine ~/.config/parpair does not exist: the recipe makes it, and the file is the owner's alone.
    @Test func thePasswordRecipeWorksWithoutTheFolder() async throws {
        let lines = try Self.recipe("password")
        let first = try #require(lines.first)
        #expect(first.hasPrefix("install -D -m 600 /dev/stdin ~/.config/parpair/backup-password"))
        let folder = try WorkFolder()
        let home = folder.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        let run = try await Self.bash(first, in: folder, home: home)
        run.expectSuccess()
        let file = home + "/.config/parpair/backup-password"
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "the backup password\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        // The next line reads the password from there; with no backup in this home, it stops at the missing folder.
        let second = try await Self.bash(try #require(lines.dropFirst().first), in: folder, home: home)
        second.expectFailure(66, mentioning: ["iphone-backup"])
    }

    /// The hand test of the digest, on the sample store instead of /srv's, a given Monday, and a folder of
    /// the test's instead of /tmp/digest-test.
    @Test func theDigestHandTestRunsOnTheSample() async throws {
        let lines = try Self.recipe("digest by hand")
        try #require(lines.count == 1)
        #expect(lines[0].hasPrefix("cd / && env -i \"$(command -v parpair-report)\" digest /srv/parpair/store/default.store "))
        let folder = try WorkFolder()
        let out = folder.file("digest-test")
        let command = lines[0]
            .replacingOccurrences(of: "/srv/parpair/store/default.store", with: PackageFiles.sampleStore + " --today 2026-11-23")
            .replacingOccurrences(of: "/tmp/digest-test", with: out)
            // The sample's family lives in New York: counted in Berlin, the tool rightly warns that the logs' sleep
            // centres six hours off the night.
            .replacingOccurrences(of: "--tz Europe/Berlin", with: "--tz America/New_York")
        #expect(command.contains("--tz America/New_York"))
        let run = try await Self.bash(command, in: folder)
        #expect(run.stderr == "")
        let printed = run.output.split(separator: "\n").map(String.init)
        #expect(printed.last == "exit status 0")
        #expect(printed.dropLast() == ["leo/week-020.md", "leo/week-020.html", "leo/week-020.csv",
                                       "mia/week-012.md", "mia/week-012.html", "mia/week-012.csv", "test.eml"].map { out + "/" + $0 })
        let message = try String(contentsOfFile: out + "/test.eml", encoding: .utf8)
        #expect(message.contains("To: you@example.org"))
    }
}
