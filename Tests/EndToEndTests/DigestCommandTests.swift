import Foundation
import Testing

/// `parpair-report digest` run unattended, as cron runs it.
@Suite("digest command, unattended")
struct DigestCommandTests {
    static let mail = ["--from", "ParPair <parpair@example.org>", "--to", "Zoë Ångström <zoe@example.org>,dr.ruiz@clinic.example"]

    @Test("under env -i from /, twice: exit 0, silent stderr, byte-identical files, the paths on stdout")
    func unattendedTwice() throws {
        let work = try DigestTool.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("digests").path
        let arguments = ["digest", try DigestTool.sampleStore(), "--out", out, "--tz", "America/New_York", "--today", "2026-11-20",
                         "--eml", out + "/digest.eml"] + Self.mail
        let expectedPaths = ["leo-37f3d1fd/week-020.md", "leo-37f3d1fd/week-020.html", "leo-37f3d1fd/week-020.csv",
                             "mia-8c720336/week-011.md", "mia-8c720336/week-011.html", "mia-8c720336/week-011.csv", "digest.eml"]

        let first = try DigestTool.run(arguments)
        #expect(first.status == 0)
        #expect(first.stderr == "")
        #expect(first.output == expectedPaths.map { out + "/" + $0 + "\n" }.joined())
        let files = try DigestTool.snapshot(URL(fileURLWithPath: out))
        #expect(files.keys.sorted() == expectedPaths.sorted())
        let times = try expectedPaths.dropLast().map { try FileManager.default.attributesOfItem(atPath: out + "/" + $0)[.modificationDate] as? Date }

        // The same week again: its files are left as they are, and no new message is written (it was sent before).
        try FileManager.default.removeItem(atPath: out + "/digest.eml")
        let second = try DigestTool.run(arguments)
        #expect(second.status == 0)
        #expect(second.stderr == "")
        #expect(second.output == expectedPaths.dropLast().map { out + "/" + $0 + "\n" }.joined()
            + "the digests of this week were written before, as they are: no new message in \(out)/digest.eml\n")
        #expect(!FileManager.default.fileExists(atPath: out + "/digest.eml"))
        try Data(files["digest.eml"] ?? Data()).write(to: URL(fileURLWithPath: out + "/digest.eml"))
        #expect(try DigestTool.snapshot(URL(fileURLWithPath: out)) == files)
        // Unchanged files are not even rewritten.
        #expect(try expectedPaths.dropLast().map { try FileManager.default.attributesOfItem(atPath: out + "/" + $0)[.modificationDate] as? Date } == times)

        // TZ in the environment, as a crontab sets it, instead of --tz: the same bytes, in another folder.
        let other = work.appendingPathComponent("other").path
        let third = try DigestTool.run(
            ["digest", try DigestTool.sampleStore(), "--out", other, "--today", "2026-11-20", "--quiet", "--eml", other + "/digest.eml"] + Self.mail,
            variables: ["TZ=America/New_York"])
        #expect(third.status == 0)
        #expect(third.stdout.isEmpty && third.stderr == "")
        #expect(try DigestTool.snapshot(URL(fileURLWithPath: other)) == files)
    }

    @Test("a folder of the name alone, from before folders carried the id: the run says once where the digests go now")
    func earlierFolder() throws {
        let work = try DigestTool.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("digests").path
        let arguments = ["digest", try DigestTool.sampleStore(), "--out", out, "--tz", "America/New_York", "--today", "2026-11-20", "--quiet"]
        let fresh = try DigestTool.run(arguments)
        #expect(fresh.status == 0 && fresh.stderr == "")
        // Léo's folder as earlier versions named it, with her CSV; Mia's under her name holds a CSV of another baby.
        try FileManager.default.moveItem(atPath: out + "/leo-37f3d1fd", toPath: out + "/leo")
        try FileManager.default.createDirectory(atPath: out + "/mia", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: out + "/leo/week-020.csv", toPath: out + "/mia/week-011.csv")
        let quiet = try DigestTool.run(arguments)
        #expect(quiet.status == 0 && quiet.stderr == "", "quiet is quiet: \(quiet.stderr)")
        let again = try DigestTool.run(arguments.filter { $0 != "--quiet" })
        #expect(again.status == 0)
        #expect(again.stderr == "parpair-report: Léo's digests now go to \(out)/leo-37f3d1fd/, with the baby's id in the folder's name so "
            + "that two babies named alike never share one; \(out)/leo/ holds the weeks written before (move them to keep one folder)\n")
        #expect(FileManager.default.fileExists(atPath: out + "/leo-37f3d1fd/week-020.csv"))
    }

    @Test("--eml - writes the same message to standard output, and nothing else")
    func messageOnStandardOutput() throws {
        let work = try DigestTool.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let common = ["digest", try DigestTool.sampleStore(), "--tz", "America/New_York", "--today", "2026-11-20"]
        let piped = try DigestTool.run(common + ["--eml", "-"] + Self.mail)
        #expect(piped.status == 0)
        #expect(piped.stderr == "")
        let file = work.appendingPathComponent("digest.eml").path
        let written = try DigestTool.run(common + ["--eml", file] + Self.mail)
        #expect(written.status == 0)
        #expect(written.output == file + "\n")
        #expect(piped.stdout == (try FileContents.bytes(atPath: file)))
        #expect(piped.output.hasPrefix("From: ParPair <parpair@example.org>\r\nTo: "))
    }

    @Test("a missing store: exit 66, one line on stderr, nothing written")
    func missingStore() throws {
        let work = try DigestTool.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let store = work.appendingPathComponent("nowhere/default.store").path
        let out = work.appendingPathComponent("digests")
        let outcome = try DigestTool.run(["digest", store, "--out", out.path, "--tz", "America/New_York", "--eml", out.path + "/d.eml"] + Self.mail)
        #expect(outcome.status == 66)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("parpair-report: error: "))
        #expect(outcome.stderr.contains(store))
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a folder that cannot be made halfway through: exit 73, and nothing partial is left behind")
    func unwritableHalfway() throws {
        let work = try DigestTool.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("digests")
        // Léo's files come first and can be staged; Mia's folder is blocked by a file of that name.
        try FileManager.default.createDirectory(at: out.appendingPathComponent("leo-37f3d1fd"), withIntermediateDirectories: true)
        try Data("last week's\n".utf8).write(to: out.appendingPathComponent("leo-37f3d1fd/week-020.md"))
        try Data("in the way\n".utf8).write(to: out.appendingPathComponent("mia-8c720336"))
        let before = try DigestTool.snapshot(out)

        let outcome = try DigestTool.run(["digest", try DigestTool.sampleStore(), "--out", out.path, "--tz", "America/New_York",
                                          "--today", "2026-11-20", "--eml", out.path + "/digest.eml"] + Self.mail)
        #expect(outcome.status == 73)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("parpair-report: error: cannot create the folder \(out.path)/mia-8c720336"))
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try DigestTool.snapshot(out) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("leo-37f3d1fd").path) == ["week-020.md"])
    }

    @Test("an output folder that cannot exist or be written: exit 73, nothing created")
    func unwritableFolder() throws {
        let work = try DigestTool.folder()
        defer {
            chmod(work.appendingPathComponent("locked").path, 0o755)
            try? FileManager.default.removeItem(at: work)
        }
        let file = work.appendingPathComponent("a-file")
        try Data().write(to: file)
        var blocked = [file.appendingPathComponent("digests").path]
        if geteuid() != 0 {  // root writes through permissions, so a locked folder only stops other users
            let locked = work.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
            chmod(locked.path, 0o555)
            blocked.append(locked.appendingPathComponent("digests").path)
        }
        for out in blocked {
            let outcome = try DigestTool.run(["digest", try DigestTool.sampleStore(), "--out", out, "--tz", "America/New_York",
                                              "--today", "2026-11-20"])
            #expect(outcome.status == 73, "\(out)")
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr.hasPrefix("parpair-report: error: cannot create the folder"))
        }
        #expect(try DigestTool.snapshot(work) == ["a-file": Data()])
    }

    @Test("bad addresses and other usage errors: exit 64 before the store is read, with a hint", arguments: [
        ["--out", "OUT", "--eml", "-", "--from", "parpair@example.org", "--to", "dr ruiz at the clinic"],
        ["--out", "OUT", "--eml", "-", "--from", "parpair@example.org", "--to", "a@example.org,"],
        ["--out", "OUT", "--eml", "-", "--from", "parpair@example.org", "--to", "a@example.org\r\nBcc: x@example.net"],
        ["--out", "OUT", "--eml", "-", "--from", "parpair@example.org", "--to", "Zoë <zoë@example.org>"],
        ["--out", "OUT", "--eml", "-", "--from", "a@example.org, b@example.org", "--to", "c@example.org"],
        ["--out", "OUT", "--eml", "-", "--to", "c@example.org"],
        ["--out", "OUT", "--from", "a@example.org", "--to", "c@example.org"],
        ["--out", "OUT", "--formats", "md,docx"],
        ["--out", "OUT", "--eml", "-", "--from", "a@example.org", "--to", "c@example.org", "--attach", "csv,docx"],
        ["--out", "OUT", "--attach", "pdf"],
        ["--out", "OUT", "--week", "-1"],
        ["--out", "OUT", "--weeks", "1-2"],
        ["--tz", "America/New_York"],
    ])
    func usageErrors(_ options: [String]) throws {
        let work = try DigestTool.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("digests").path
        // A missing store proves the arguments are checked first: it would give 66.
        let store = work.appendingPathComponent("missing.store").path
        let outcome = try DigestTool.run(["digest", store] + options.map { $0 == "OUT" ? out : $0 })
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("parpair-report: error: "))
        // One line: the problem, then where the help is.
        #expect(outcome.stderr.hasSuffix("; see 'parpair-report digest --help'\n"))
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!outcome.stderr.contains("\r"))
        #expect(try DigestTool.snapshot(work).isEmpty)
    }

    @Test("a bad recipient names the address and the reason")
    func badRecipientMessage() throws {
        let outcome = try DigestTool.run(["digest", try DigestTool.sampleStore(), "--eml", "-", "--from", "p@example.org", "--to", "ana.example.org"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("parpair-report: error: option '--to': invalid e-mail address \"ana.example.org\": it has no '@'"))
    }

    @Test("a baby younger than one week: a clear line on stdout, exit 0, no file")
    func babyUnderOneWeek() throws {
        let work = try DigestTool.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("digests").path
        let outcome = try DigestTool.run(["digest", try DigestTool.sampleStore(), "--out", out, "--baby", "Mia",
                                          "--tz", "America/New_York", "--today", "2026-08-25"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "")
        #expect(outcome.output == "no digest for Mia yet: born 2026-08-23, 2 days old on 2026-08-25; week 0 (days 0-6 of life) "
            + "ends 2026-08-29, so the first digest can be made on 2026-08-30\n")
        #expect(try DigestTool.snapshot(work).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))

        let quiet = try DigestTool.run(["digest", try DigestTool.sampleStore(), "--out", out, "--baby", "Mia",
                                        "--tz", "America/New_York", "--today", "2026-08-25", "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.stdout.isEmpty && quiet.stderr == "")
    }

    @Test("--help documents the decisions")
    func help() throws {
        let outcome = try DigestTool.run(["digest", "--help"])
        #expect(outcome.status == 0)
        for phrase in ["7k+6", "Léo -> leo", "07:00", "Message-ID", "multipart/alternative", "--quiet", "UTC"] {
            #expect(outcome.output.contains(phrase), "help lacks \(phrase)")
        }
    }
}
