import Foundation
import Testing
import TestSupport

/// The command blocks of the README and of docs/, run as written with bash. Each block is the fenced one after
/// a `<!-- recipe: NAME` comment. What a fresh machine has not got is the only thing put in, by the substitutions
/// each test names: the built tool on PATH (or for `/usr/bin/parpair-report`), a backup of the sample store where
/// a recipe reads the family's, `--today` where the sample's last day matters, and an SMTP server of the test's
/// own where msmtp would reach the family's mail provider.
@Suite struct RecipeTests {
    /// Every recipe these tests run; a recipe added to the documents without a test fails
    /// `everyRecipeHasATest`, and a test whose recipe is gone fails where it looks for it.
    static let tested: Set<String> = [
        "quick start", "check-up", "csv for the doctor", "msmtp", "digest script", "crontab", "digest test",
        "visit summaries", "excel-semicolon", "german pdf", "digest by hand", "send the test message", "stores",
        "two phones", "family commands", "family settings",
    ]

    /// The README and every page of docs/.
    static var documents: [URL] {
        let docs = PackageFiles.root.appendingPathComponent("docs")
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return [PackageFiles.root.appendingPathComponent("README.md")] + pages.map { docs.appendingPathComponent($0) }
    }

    /// The names of the recipes in `text`: what follows `<!-- recipe: ` up to ` (` or ` -->`.
    static func names(in text: String) -> [String] {
        text.components(separatedBy: "<!-- recipe: ").dropFirst().map { rest in
            let end = [rest.range(of: " ("), rest.range(of: " -->")].compactMap { $0?.lowerBound }.min() ?? rest.endIndex
            return String(rest[..<end])
        }
    }

    /// The fenced block after the recipe comment `name`, in whichever document holds it, its indentation removed.
    static func block(_ name: String) throws -> String {
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            guard let marker = text.range(of: "<!-- recipe: \(name) ") ?? text.range(of: "<!-- recipe: \(name)(") else { continue }
            let lines = text[marker.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            let fence = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("```") })
            let indent = lines[fence].prefix { $0 == " " }.count
            var body: [String] = []
            for line in lines[(fence + 1)...] {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { break }
                body.append(String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))))
            }
            return body.joined(separator: "\n") + "\n"
        }
        Issue.record("no document has the recipe '\(name)'")
        throw RecipeMissing(name: name)
    }

    struct RecipeMissing: Error { var name: String }

    /// The block's commands, one a line, `\`-continued lines joined.
    static func commands(_ name: String) throws -> [String] {
        var commands: [String] = []
        var pending = ""
        for line in try block(name).split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix("\\") { pending += text.dropLast() + " "; continue }
            commands.append(pending + text)
            pending = ""
        }
        return commands.filter { !$0.isEmpty }
    }

    /// Runs `script` with bash in `folder`, the built tool first on PATH, and HOME when given.
    static func bash(_ script: String, in folder: WorkFolder, directory: String? = nil, home: String? = nil) async throws -> ToolRun {
        var environment = ["PATH": toolFolder + ":/usr/bin:/bin", "TZ": ""]
        if let home { environment["HOME"] = home }
        let command = directory.map { "cd '\($0)' && " + script } ?? script
        return try await BuiltTool.run(["-c", command], in: folder, environment: environment.filter { !$0.value.isEmpty }, executable: "/bin/bash")
    }

    static var toolFolder: String {
        (try? URL(fileURLWithPath: BuiltTool.executable.get()).deletingLastPathComponent().path) ?? "/nonexistent"
    }

    /// A folder with `samples` linked to the package's, where the recipes on the sample store run.
    static func sampleFolder() throws -> WorkFolder {
        let folder = try WorkFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("samples"), withDestinationPath: PackageFiles.root.appendingPathComponent("samples").path)
        return folder
    }

    static func isPDF(_ path: String) -> Bool {
        (try? Data(contentsOf: URL(fileURLWithPath: path)).prefix(5)) == Data("%PDF-".utf8)
    }

    @Test func everyRecipeHasATest() throws {
        var found: [String] = []
        for document in Self.documents { found += Self.names(in: try String(contentsOf: document, encoding: .utf8)) }
        #expect(Set(found) == Self.tested, "recipes in the documents: \(found.sorted())")
        #expect(found.count == Set(found).count, "each recipe name once: \(found.sorted())")
    }

    @Test func theQuickStartRendersTheSampleReport() async throws {
        let lines = try Self.commands("quick start")
        #expect(lines == [
            "swift run -c release parpair-report report samples/default.store --tz America/New_York --today 2026-11-20 --output report.html",
            "swift test",
        ])
        // The first line with the tool the tests were built with (a release build is the benchmarks' business);
        // the second is this run.
        let folder = try Self.sampleFolder()
        let run = try await Self.bash(lines[0].replacingOccurrences(of: "swift run -c release parpair-report", with: "parpair-report"), in: folder)
        run.expectSuccess()
        #expect(run.output == "report.html\n")
        let html = try String(contentsOfFile: folder.file("report.html"), encoding: .utf8)
        #expect(html.contains("<h1>Léo</h1>") && html.contains("<h1>Mia</h1>"))
    }

    // MARK: The family's backup

    static let udid = "00008030-001A2B3C4D5E802E"
    static let backupPassword = "the backup password"

    /// A home whose `~/iphone-backup` holds one encrypted backup of a phone in New York (the sample's family)
    /// with the sample store, as `idevicebackup2 backup --full ~/iphone-backup` leaves it.
    static func familyHome(in folder: WorkFolder) throws -> String {
        let home = folder.file("home")
        try FileManager.default.createDirectory(atPath: home + "/iphone-backup", withIntermediateDirectories: true)
        let files = BackupFixture.sampleFiles(decoy: try BackupFixture.decoyStore(in: folder)) + [
            ["domain": "DatabaseDomain", "relativePath": "timezone/localtime", "symlinkTarget": "/var/db/timezone/zoneinfo/America/New_York"],
        ]
        try BackupFixture.make(["files": files, "encrypted": true, "password": backupPassword, "udid": udid], out: home + "/iphone-backup/" + udid)
        return home
    }

    /// The sample ends on 2026-11-20: a line that reads the backup is pinned to that day.
    static func pinned(_ line: String, today: String = "2026-11-20") -> String {
        line.replacingOccurrences(of: "~/iphone-backup --password-file", with: "~/iphone-backup --today \(today) --password-file")
    }

    @Test func theCheckUpRecipeReadsTheBackup() async throws {
        let lines = try Self.commands("check-up")
        try #require(lines.count == 4)
        #expect(lines[1] == "install -D -m 600 /dev/stdin ~/.config/parpair/backup-password <<< '\(Self.backupPassword)'")
        let folder = try WorkFolder()
        let home = try Self.familyHome(in: folder)

        let stores = try await Self.bash(lines[0], in: folder, directory: home, home: home)
        stores.expectSuccess()
        #expect(stores.output.hasPrefix(home + "/iphone-backup/" + Self.udid + " --password-file FILE\n"), "\(stores.output)")

        // docs/backups.md shows the same command's first two lines, for Ana in New York (06:30 UTC is 01:30 there).
        #expect(try Self.commands("stores") == [lines[0]])
        let shown = try Self.block("stores")
        let afterFence = try #require(try String(contentsOf: PackageFiles.root.appendingPathComponent("docs/backups.md"), encoding: .utf8)
            .components(separatedBy: shown + "```\n").dropFirst().first)
        let documented = afterFence.split(separator: "\n").drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }.prefix(2)
            .map { String($0.dropFirst(4)).replacingOccurrences(of: "/home/ana", with: home) }
        let inNewYork = try await BuiltTool.run(["-c", lines[0]], in: folder,
                                                environment: ["PATH": Self.toolFolder + ":/usr/bin:/bin", "HOME": home, "TZ": "America/New_York"],
                                                executable: "/bin/bash")
        inNewYork.expectSuccess()
        #expect(inNewYork.output.split(separator: "\n").map(String.init) == documented)

        let password = try await Self.bash(lines[1], in: folder, directory: home, home: home)
        password.expectSuccess()
        let file = home + "/.config/parpair/backup-password"
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.backupPassword + "\n")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)

        // Days in the phone's zone, no warning: each report prints only the path it wrote.
        for (line, output) in [(lines[2], "checkup.pdf"), (lines[3], "mia.pdf")] {
            let run = try await Self.bash(Self.pinned(line), in: folder, directory: home, home: home)
            run.expectSuccess()
            #expect(run.output == output + "\n")
            #expect(Self.isPDF(home + "/" + output))
        }

        // The doctor's CSV from the same backup: Excel's byte-order mark, CRLF, headings people read, both babies.
        let csv = try Self.commands("csv for the doctor")
        try #require(csv.count == 1)
        let export = try await Self.bash(Self.pinned(csv[0]), in: folder, directory: home, home: home)
        export.expectSuccess()
        #expect(export.output == "weeks.csv\n")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: home + "/weeks.csv"))
        #expect(bytes.prefix(3) == Data([0xEF, 0xBB, 0xBF]))
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        let rows = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first?.contains("Feeds per day") == true, "\(rows.first ?? "")")
        // The last 8 age-weeks of each baby up to 2026-11-20: Léo's weeks 14–21, Mia's 5–12.
        #expect(rows.count == 1 + 16, "\(rows.count) rows")
        #expect(rows.dropFirst().filter { $0.hasPrefix("Léo,") }.count == 8)
        #expect(rows.dropFirst().filter { $0.hasPrefix("Mia,") }.count == 8)
    }

    // MARK: Mail

    /// A home set up as the README says for the digest by e-mail, its msmtp pointed at `server`: the recipe's
    /// account at the provider (host, port 587, TLS, a password) becomes the test's server on the loopback
    /// address, plain, without a login; every other line of the file stays as the recipe wrote it.
    static func mailHome(in folder: WorkFolder, server: SMTPSink) async throws -> String {
        let home = try familyHome(in: folder)
        let password = try await bash(try commands("check-up")[1], in: folder, directory: home, home: home)
        password.expectSuccess()
        let msmtp = try await bash(try block("msmtp"), in: folder, directory: home, home: home)
        msmtp.expectSuccess()
        let rc = home + "/.msmtprc"
        #expect(try FileManager.default.attributesOfItem(atPath: rc)[.posixPermissions] as? Int == 0o600)
        let written = try String(contentsOfFile: rc, encoding: .utf8)
        #expect(written.contains("host smtp.example.org\nport 587\ntls on\nauth on\n"))
        let local = written.replacingOccurrences(of: "host smtp.example.org\nport 587\ntls on\nauth on\n",
                                                 with: "host 127.0.0.1\nport \(server.port)\ntls off\nauth off\n")
        try Data(local.utf8).write(to: URL(fileURLWithPath: rc))
        return home
    }

    /// The digest of the README's script, mailed the way cron runs it and the way the README tests it: msmtp
    /// hands the message to a real SMTP server, and what that server received is the message the digest wrote,
    /// byte for byte, with its headers, both bodies and each baby's CSV intact.
    @Test func theDigestIsMailedThroughMsmtp() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/msmtp"), "msmtp is missing: apt-get install msmtp (.ci/run does)")
        let folder = try WorkFolder()
        let server = try SMTPSink(folder: folder.file("received"))
        defer { server.stop() }
        let home = try await Self.mailHome(in: folder, server: server)

        let script = try await Self.bash(try Self.block("digest script"), in: folder, directory: home, home: home)
        script.expectSuccess()
        let job = home + "/.config/parpair/weekly-digest"
        #expect(try FileManager.default.attributesOfItem(atPath: job)[.posixPermissions] as? Int == 0o700)
        // The tool this test was built with stands for the package's; 2026-11-23 is a Monday after the sample's last day.
        let text = try String(contentsOfFile: job, encoding: .utf8)
        #expect(text.contains("/usr/bin/parpair-report digest \"$HOME/iphone-backup\" "))
        try Data(text.replacingOccurrences(of: "/usr/bin/parpair-report digest \"$HOME/iphone-backup\" ",
                                           with: "\(try BuiltTool.executable.get()) digest \"$HOME/iphone-backup\" --today 2026-11-23 ").utf8)
            .write(to: URL(fileURLWithPath: job))

        // As cron runs the line: /bin/sh, HOME, a minimal PATH, from the home folder; silent on success.
        let crontab = try Self.block("crontab").split(separator: "\n")
        #expect(crontab.first == "MAILTO=ana@example.org")
        let entry = try #require(crontab.first { $0.hasPrefix("0 7 * * 1 ") })
        let command = entry.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        #expect(command == "$HOME/.config/parpair/weekly-digest")
        let cron = try await BuiltTool.run(
            ["-i", "HOME=" + home, "LOGNAME=ana", "SHELL=/bin/sh", "PATH=/usr/bin:/bin", "/bin/sh", "-c", "cd \"$HOME\" && " + command],
            in: folder, executable: "/usr/bin/env")
        cron.expectSuccess()
        #expect(cron.output == "")
        let first = try server.message(1)
        #expect(first.envelope.mailFrom == "ana@example.org")
        #expect(first.envelope.rcptTos == ["ana@example.org", "dr.ruiz@praxis.example"])
        let eml = try Data(contentsOf: URL(fileURLWithPath: home + "/parpair-digests/sent.eml"))
        #expect(Self.lines(first.bytes) == Self.lines(eml), "the message arrives as the digest wrote it")
        #expect(!FileManager.default.fileExists(atPath: home + "/parpair-digests/unsent.eml"), "moved aside once sent")
        // The same week again: nothing new is written, so nothing is sent twice.
        let again = try await BuiltTool.run(
            ["-i", "HOME=" + home, "LOGNAME=ana", "SHELL=/bin/sh", "PATH=/usr/bin:/bin", "/bin/sh", "-c", "cd \"$HOME\" && " + command],
            in: folder, executable: "/usr/bin/env")
        again.expectSuccess()
        #expect(again.output == "")
        #expect(!FileManager.default.fileExists(atPath: home + "/parpair-digests/unsent.eml"))
        #expect(server.messageCount == 1, "a week is mailed once")

        let parsed = try PythonEmailParser.parse(Array(first.bytes))
        #expect(parsed.defects.isEmpty, "\(parsed.defects)")
        #expect(parsed.from == [.init(name: "ParPair", addr: "ana@example.org")])
        #expect(parsed.to.map(\.addr) == ["ana@example.org", "dr.ruiz@praxis.example"])
        #expect(parsed.subject?.isEmpty == false)
        #expect(parsed.parts.map(\.type).filter { $0 == "text/plain" || $0 == "text/html" } == ["text/plain", "text/html"])
        let attachments = parsed.parts.filter { $0.disposition == "attachment" }
        #expect(attachments.map(\.filename) == ["Léo-week-020.csv", "Mia-week-012.csv"], "\(attachments.map(\.filename))")
        for (attachment, file) in zip(attachments, ["leo-37f3d1fd/week-020.csv", "mia-8c720336/week-012.csv"]) {
            let onDisk = try Data(contentsOf: URL(fileURLWithPath: home + "/parpair-digests/" + file))
            #expect(Data(attachment.payload) == onDisk, "\(attachment.filename ?? "") is \(file) byte for byte")
        }

        // The README's test by hand, as before the first cron run (no digest written yet): the same job from an empty
        // environment, then the status.
        try FileManager.default.removeItem(atPath: home + "/parpair-digests")
        let test = try Self.commands("digest test")
        try #require(test.count == 1)
        let byHand = try await Self.bash(test[0], in: folder, home: home)
        byHand.expectSuccess()
        #expect(byHand.output == "exit status 0\n")
        let second = try server.message(2)
        #expect(Self.lines(second.bytes) == Self.lines(eml))
    }

    /// The message's lines, whatever their ends: SMTP carries CRLF.
    static func lines(_ data: Data) -> [Substring] {
        String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// docs/digests.md's hand test, on the sample store instead of /srv's, a given Monday, and a folder of the
    /// test's instead of /tmp/digest-test; then its step 3 sends the message through msmtp.
    @Test func theDigestHandTestRunsOnTheSampleAndSends() async throws {
        let lines = try Self.commands("digest by hand")
        try #require(lines.count == 1)
        #expect(lines[0].hasPrefix("cd / && env -i \"$(command -v parpair-report)\" digest /srv/parpair/store/default.store "))
        let folder = try WorkFolder()
        let out = folder.file("digest-test")
        let command = lines[0]
            .replacingOccurrences(of: "/srv/parpair/store/default.store", with: PackageFiles.sampleStore + " --today 2026-11-23")
            .replacingOccurrences(of: "/tmp/digest-test", with: out)
        let run = try await Self.bash(command, in: folder)
        #expect(run.stderr == "")
        let printed = run.output.split(separator: "\n").map(String.init)
        #expect(printed.last == "exit status 0")
        #expect(printed.dropLast() == ["leo-37f3d1fd/week-020.md", "leo-37f3d1fd/week-020.html", "leo-37f3d1fd/week-020.csv",
                                       "mia-8c720336/week-012.md", "mia-8c720336/week-012.html", "mia-8c720336/week-012.csv", "test.eml"].map { out + "/" + $0 })

        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/msmtp"), "msmtp is missing: apt-get install msmtp (.ci/run does)")
        let server = try SMTPSink(folder: folder.file("received"))
        defer { server.stop() }
        let home = try await Self.mailHome(in: folder, server: server)
        let send = try Self.commands("send the test message")
        #expect(send == ["msmtp -t < /tmp/digest-test/test.eml"])
        let sent = try await Self.bash(send[0].replacingOccurrences(of: "/tmp/digest-test", with: out), in: folder, home: home)
        sent.expectSuccess()
        let message = try server.message(1)
        #expect(message.envelope.rcptTos == ["you@example.org"])
        #expect(Self.lines(message.bytes) == Self.lines(try Data(contentsOf: URL(fileURLWithPath: out + "/test.eml"))))
    }

    // MARK: The sample store in docs/

    @Test func theVisitSummariesAreWritten() async throws {
        let lines = try Self.commands("visit summaries")
        try #require(lines.count == 2)
        let folder = try Self.sampleFolder()
        for (line, output) in zip(lines, ["visit.pdf", "mia.pdf"]) {
            let run = try await Self.bash(line, in: folder)
            run.expectSuccess()
            #expect(run.output == output + "\n")
            #expect(Self.isPDF(folder.file(output)))
        }
    }

    @Test func theGermanPDFIsWritten() async throws {
        let lines = try Self.commands("german pdf")
        try #require(lines.count == 1)
        let folder = try Self.sampleFolder()
        let run = try await Self.bash(lines[0], in: folder)
        run.expectSuccess()
        #expect(run.output == "bericht.pdf\n")
        #expect(Self.isPDF(folder.file("bericht.pdf")))
    }

    /// The lines docs/commands.md shows, shortened there with `…`: each shown piece is in the printed line.
    @Test func theSemicolonDialectPrintsWhatTheReferenceShows() async throws {
        let lines = try Self.commands("excel-semicolon")
        try #require(lines.count == 1)
        let folder = try Self.sampleFolder()
        let run = try await Self.bash(lines[0], in: folder)
        run.expectSuccess()
        let printed = run.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        try #require(printed.count == 3, "\(printed)")
        #expect(printed[0].hasPrefix("\u{FEFF}baby;baby_id;week;first_day;") && printed[0].contains(";feeds_per_day;bottle_ml_per_day;"))
        #expect(printed[1].hasPrefix("Léo;37f3d1fd;20;140;") && printed[1].contains(";7,86;928,45;"))
        #expect(printed[2].hasPrefix("Léo;37f3d1fd;21;147;") && printed[2].contains(";7,33;806,15;"))
    }
}
