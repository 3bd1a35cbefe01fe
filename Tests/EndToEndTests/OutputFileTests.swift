import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Output files are written whole or not at all: a failed run creates nothing, leaves an existing
/// file as it was and no temporary file behind; `-` is standard output.
@Suite struct OutputFileTests {
    static let report = ["report", PackageFiles.sampleStore] + PackageFiles.sampleSettings

    /// Ways a report run fails after its arguments were accepted.
    enum Failure: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A user template whose HTML is not XHTML 1.0 Strict: found only after rendering.
        case invalidXHTML
        /// Megabytes after the root element: libxml2 stops reading there, and the render must not wait on it.
        case contentAfterTheDocument
        /// A user template that does not parse.
        case brokenTemplate
        /// A user template that fails halfway through rendering, after output has begun.
        case failsHalfway
        /// `--baby` names no baby in the store.
        case noSuchBaby

        var testDescription: String { rawValue }

        var fragment: String {
            switch self {
            case .invalidXHTML: "not valid XHTML 1.0 Strict"
            case .contentAfterTheDocument: "not valid XHTML 1.0 Strict"
            case .brokenTemplate: "mine.html.mustache"
            case .failsHalfway: "no-such-partial"
            case .noSuchBaby: "nobody"
            }
        }

        /// A baby the store lacks is a usage error; the others are bad data.
        var status: Int32 { self == .noSuchBaby ? 64 : 65 }

        func arguments(in folder: WorkFolder) throws -> [String] {
            switch self {
            case .invalidXHTML:
                let template = try folder.write("mine.html.mustache", "<p>{{today}}</p>\n")
                return ["--template", template]
            case .contentAfterTheDocument:
                // Two babies, 27 weeks in all: about 2 MB after the first </p>, more than the validator's channel holds.
                let more = String(repeating: "<p>more text</p>\n", count: 4_000)
                let template = try folder.write("mine.html.mustache", "<p>{{today}}</p>\n{{#babies}}{{#weeks}}\(more){{/weeks}}{{/babies}}")
                return ["--template", template]
            case .brokenTemplate:
                let template = try folder.write("mine.html.mustache", "{{#babies}}\n{{name}}\n{{/weeks}}\n")
                return ["--template", template]
            case .failsHalfway:
                let template = try folder.write("mine.html.mustache", Self.halfwayTemplate)
                return ["--template", template]
            case .noSuchBaby:
                return ["--baby", "nobody"]
            }
        }

        /// Writes a line for the first baby, then needs a partial that does not exist.
        static let halfwayTemplate = "<p>{{today}}</p>\n{{#babies}}<p>{{name}}</p>{{#first}}{{/first}}{{^first}}{{>no-such-partial}}{{/first}}{{/babies}}\n"
    }

    /// Standard output cannot be replaced atomically, so it gets a report only once all of it is
    /// rendered: a template failing halfway writes nothing there, in every format.
    @Test(arguments: ["html", "csv", "md"])
    func standardOutputGetsNothingFromARenderThatFailsHalfway(_ format: String) async throws {
        let folder = try WorkFolder()
        // Markdown holds no raw HTML: the same template with paragraphs as Markdown writes them.
        let text = format == "md" ? Failure.halfwayTemplate.replacingOccurrences(of: "<p>", with: "\n").replacingOccurrences(of: "</p>", with: "\n")
            : Failure.halfwayTemplate
        let template = try folder.write("mine.\(format).mustache", text)
        let run = try await BuiltTool.run(
            Self.report + ["--template", template, "--format", format, "--output", "-"], in: folder)
        run.expectFailure(65, mentioning: ["no-such-partial"])
        #expect(run.stdout.isEmpty)
    }

    @Test(arguments: Failure.allCases, [false, true])
    func failedRunLeavesTheTargetAsItWas(_ failure: Failure, targetExists: Bool) async throws {
        let folder = try WorkFolder()
        let target = folder.file("report.html")
        let previous = "an earlier report\n"
        if targetExists { try folder.write("report.html", previous) }
        let arguments = try failure.arguments(in: folder)
        let before = try folder.listing()
        let run = try await BuiltTool.run(Self.report + arguments + ["--output", target], in: folder)
        run.expectFailure(failure.status, mentioning: [failure.fragment])
        #expect(try folder.listing() == before, "no new file, no .partial- file")
        if targetExists {
            #expect(try FileContents.text(atPath: target) == previous)
        }
    }

    @Test func invalidXHTMLListsEachProblemWithItsPosition() async throws {
        let folder = try WorkFolder()
        let template = try folder.write("mine.html.mustache", "<p>{{today}}</p>\n")
        let run = try await BuiltTool.run(Self.report + ["--template", template, "--output", folder.file("out.html")], in: folder)
        run.expectFailure(65, mentioning: ["nothing was written"])
        let problems = run.stderr.split(separator: "\n").dropFirst()
        #expect(!problems.isEmpty)
        #expect(problems.allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(template):1:") }, "\(run.stderr)")
    }

    @Test func successfulRunReplacesTheTargetAndLeavesNothingElse() async throws {
        let folder = try WorkFolder()
        try folder.write("report.md", "old")
        let run = try await BuiltTool.run(Self.report + ["--output", folder.file("report.md")], in: folder)
        run.expectSuccess()
        #expect(run.stdout == Data((folder.file("report.md") + "\n").utf8), "the path written, and nothing else")
        #expect(try folder.listing() == ["report.md"])
        let text = try FileContents.text(atPath: folder.file("report.md"))
        #expect(text.hasPrefix("# Feeding, sleep and diaper summary"), "the format follows the file's extension")
        let quiet = try await BuiltTool.run(Self.report + ["--output", folder.file("report.md"), "--quiet"], in: folder)
        quiet.expectSuccess()
        #expect(quiet.stdout.isEmpty)
    }

    @Test func dashWritesToStandardOutput() async throws {
        let folder = try WorkFolder()
        let run = try await BuiltTool.run(Self.report + ["--format", "csv", "--output", "-"], in: folder)
        run.expectSuccess()
        #expect(run.output.hasPrefix("baby,baby_id,week,first_day,"))
        #expect(try folder.listing().isEmpty)
        let events = try await BuiltTool.run(["export", PackageFiles.sampleStore, "--table", "events", "--output", "-", "--last", "1"]
                                             + PackageFiles.sampleSettings, in: folder)
        events.expectSuccess()
        #expect(events.output.hasPrefix("baby,kind,type,start,end,"))
    }

    @Test func unwritableFolderExits73AndLeavesNoFile() async throws {
        let folder = try WorkFolder()
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        let unwritable: String
        if geteuid() != 0 {
            unwritable = locked
        } else {
            // Root ignores folder permissions; the kernel's /sys refuses new files even to root.
            #if os(Linux)
            unwritable = "/sys"
            #else
            Issue.record("running as root, with no folder that refuses root's writes")
            return
            #endif
        }
        let target = unwritable + "/parpair-e2e-report.html"
        let run = try await BuiltTool.run(Self.report + ["--output", target], in: folder)
        run.expectFailure(73, mentioning: [target])
        #expect(!FileManager.default.fileExists(atPath: target))
        let left = try FileManager.default.contentsOfDirectory(atPath: unwritable).filter { $0.contains("parpair-e2e-report") }
        #expect(left.isEmpty)
    }

    @Test func missingOutputFolderExits73() async throws {
        let folder = try WorkFolder()
        let target = folder.file("no/such/folder/report.csv")
        let run = try await BuiltTool.run(["export", PackageFiles.sampleStore, "--table", "daily", "--output", target]
                                          + PackageFiles.sampleSettings, in: folder)
        run.expectFailure(73, mentioning: [target, "does not exist"])
        #expect(try folder.listing().isEmpty)
    }

    /// No output may take the place of one of the store's files, however its path is spelled: the
    /// run stops before writing anything and every byte of the store stays.
    @Test func anOutputThatIsOneOfTheStoresFilesIsRefused() async throws {
        let folder = try WorkFolder()
        let store = try folder.copySample()
        try FileManager.default.createDirectory(atPath: store + "/sub", withIntermediateDirectories: true)
        let storeFiles = ["default.store", "default.store-wal"]
        let before = try storeFiles.map { try FileContents.bytes(atPath: store + "/" + $0) }
        let digestMail = ["--from", "a@example.org", "--to", "b@example.org"]
        for (arguments, option) in [
            (["report", store, "--output", store + "/default.store"], "--output"),
            (["report", store + "/default.store", "--format", "csv", "--output", store + "/sub/../default.store-wal"], "--output"),
            (["report", store, "--format", "md", "--output", store + "/default.store-shm"], "--output"),
            (["export", store, "--table", "events", "--output", store + "/default.store"], "--output"),
            (["export", store, "--table", "weekly", "--output", store + "/default.store-journal"], "--output"),
            (["digest", store, "--eml", store + "/default.store-wal"] + digestMail, "--eml"),
        ] {
            let run = try await BuiltTool.run(arguments + PackageFiles.sampleSettings, in: folder)
            run.expectFailure(64, mentioning: [option, "one of the store's own files"])
        }
        #expect(try folder.listing("store") == ["default.store", "default.store-wal", "sub"])
        #expect(try storeFiles.map { try FileContents.bytes(atPath: store + "/" + $0) } == before)
    }

    /// The tool reads a private snapshot: the store's folder gains no file and no byte changes.
    @Test func readingLeavesTheStoreFolderUntouched() async throws {
        let folder = try WorkFolder()
        let store = try folder.copySample()
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try folder.listing("store") {
                files[name] = Data(try FileContents.bytes(atPath: store + "/" + name))
            }
            return files
        }
        let before = try snapshot()
        #expect(before.keys.sorted() == ["default.store", "default.store-wal"])
        for arguments in [
            ["report", store, "--output", folder.file("report.html")],
            ["report", store + "/default.store", "--format", "md"],
            ["export", store, "--table", "events"],
            ["info", store, "--json"],
        ] {
            let run = try await BuiltTool.run(arguments + (arguments[0] == "info" ? [] : PackageFiles.sampleSettings), in: folder)
            run.expectSuccess()
        }
        #expect(try snapshot() == before)
    }
}
