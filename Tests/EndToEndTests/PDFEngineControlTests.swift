import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The PDF engine is a child the tool controls, shown with a fake engine in PATH: a `weasyprint` script
/// whose interpreter is a shell script of the test's (the tool runs WeasyPrint's interpreter with its
/// driver, so the fake receives `-I -c SCRIPT URL HTML PDF` and writes what it likes to the last argument).
///
/// No test compares a duration with a threshold: "killed at --pdf-timeout 2" is shown by the exit status,
/// the message, and the engine's process group being gone once the tool has exited; every wait has a
/// hang guard of 60 s or more (the normal times are about 7 s and under 1 s).
@Suite(.serialized) struct PDFEngineControlTests {
    /// A folder with `bin/weasyprint` running `body` (sh); `$PDF` is the PDF path, `$WORK` the folder.
    static func fakeEngine(_ body: String) throws -> WorkFolder {
        let folder = try WorkFolder()
        try FileManager.default.createDirectory(atPath: folder.file("bin"), withIntermediateDirectories: true)
        let interpreter = folder.file("bin/fake-python")
        try folder.writeProgram("bin/fake-python", "#!/bin/sh\nfor PDF; do :; done\nWORK='\(folder.path)'\n\(body)\n")
        try folder.writeProgram("bin/weasyprint", "#!\(interpreter)\n")
        return folder
    }

    /// Writes the engine's process group id to `$WORK/pid`, for `liveMembers(of:)`.
    static let recordGroup = "ps -o pgid= -p $$ | tr -d ' ' > \"$WORK/pid\""

    static let validPDF = "printf '%%PDF-1.4\\n1 0 obj <<>> endobj\\n%%%%EOF\\n' > \"$PDF\""

    static func arguments(_ folder: WorkFolder, _ extra: [String] = []) -> [String] {
        ["report", PackageFiles.sampleStore] + PackageFiles.sampleSettings
            + ["--output", folder.file("out.pdf"), "--pdf-engine", "weasyprint", "--weeks", "20-21"] + extra
    }

    static func environment(_ folder: WorkFolder) -> [String: String] {
        ["PATH": folder.file("bin") + ":/usr/bin:/bin"]
    }

    static func run(_ folder: WorkFolder, _ extra: [String] = []) async throws -> ChildProcess.Finished {
        var environment = BuiltTool.inheritedEnvironment
        environment.merge(Self.environment(folder)) { _, new in new }
        let stem = folder.file("run")
        return try await ChildProcess.run(try BuiltTool.executable.get(), arguments(folder, extra), environment: environment,
                                          directory: folder.path, outputStem: stem, deadline: .seconds(90))
    }

    /// The processes of group `group` that are not zombies (a zombie has exited, and waits for init).
    static func liveMembers(of group: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 3 && fields[0] != "Z" && Int32(fields[2]) == group
        }
    }

    static func waitForFile(_ path: String, guardSeconds: Int = 60) async throws -> Bool {
        for _ in 0..<(guardSeconds * 50) {
            if FileManager.default.fileExists(atPath: path), let text = try? String(contentsOfFile: path, encoding: .utf8),
               text.hasSuffix("\n") { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    @Test func theEngineStartsWithNoSignalBlockedOrIgnoredInAGroupOfItsOwn() async throws {
        let folder = try Self.fakeEngine("""
            ps -o pgid= -p $$ | tr -d ' ' > "$WORK/pgid"; ps -o ppid= -p $$ | tr -d ' ' > "$WORK/ppid"
            \(Self.validPDF)
            exec grep -E '^Sig(Blk|Ign):' /proc/self/status > "$WORK/status"
            """)
        let finished = try await Self.run(folder)
        #expect(finished.status == 0, "\(finished.stderr)")
        // Read by the engine process itself (the shell exec'd grep, which keeps the signal mask it was
        // started with), not by the shell from outside while it forks with signals blocked.
        let status = try String(contentsOfFile: folder.file("status"), encoding: .utf8)
        let masks = Dictionary(uniqueKeysWithValues: status.split(separator: "\n").map {
            ($0.prefix { $0 != ":" }, UInt64($0.split(separator: "\t").last ?? "", radix: 16) ?? .max)
        })
        #expect(masks["SigBlk"] == 0, "no signal blocked: \(status)")
        // Signals 1-31 at their defaults. glibc's posix_spawn always leaves its own two internal real-time
        // signals (32, 33: thread cancellation and setxid) ignored; every glibc program installs its
        // handlers for them at start, and nothing else sends them.
        #expect(masks["SigIgn"].map { $0 & 0x7fff_ffff } == 0, "no standard signal ignored: \(status)")
        let pgid = try String(contentsOfFile: folder.file("pgid"), encoding: .utf8)
        let parent = try String(contentsOfFile: folder.file("ppid"), encoding: .utf8)
        // A group of its own, not the tool's (the test's), led by its supervisor, whose child it is.
        #expect(Int32(pgid.trimmingCharacters(in: .whitespacesAndNewlines)) != getpgrp())
        #expect(pgid == parent, "the engine's supervisor leads its process group")
        // The fake's PDF, delivered as it was (a PDF is checked, not judged).
        #expect(try String(contentsOfFile: folder.file("out.pdf"), encoding: .utf8).hasPrefix("%PDF-1.4\n"))
    }

    @Test func anEngineIgnoringSIGTERMIsKilledAfterTheLimit() async throws {
        // SIGTERM is ignored by the shell and, inherited, by its sleeps: only SIGKILL ends them.
        let folder = try Self.fakeEngine("trap '' TERM\n\(Self.recordGroup)\nwhile :; do sleep 1; done")
        let finished = try await Self.run(folder, ["--pdf-timeout", "2"])
        #expect(!finished.timedOut)
        #expect(finished.status == 69, "\(finished.stderr)")
        #expect(finished.stderr.contains("ran longer than 2 s and was stopped"), "\(finished.stderr)")
        let group = Int32(try String(contentsOfFile: folder.file("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        #expect(Self.liveMembers(of: group).isEmpty, "the whole group was killed before the tool exited")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.pdf")))
    }

    @Test func aGrandchildHoldingTheEnginesOutputDoesNotKeepTheToolWaiting() async throws {
        let folder = try Self.fakeEngine("\(Self.recordGroup)\nsleep 40 &\n\(Self.validPDF)")
        let finished = try await Self.run(folder)
        #expect(finished.status == 0, "\(finished.stderr)")
        let group = Int32(try String(contentsOfFile: folder.file("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        #expect(Self.liveMembers(of: group).isEmpty, "the sleep left behind was killed with the group")
    }

    /// Starts the tool on its own (not through ChildProcess, so the test can signal it) and waits until the
    /// fake engine has written its group to `$WORK/pid`.
    static func startWithEngineRunning(_ folder: WorkFolder) async throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltTool.executable.get())
        process.arguments = Self.arguments(folder)
        process.environment = BuiltTool.inheritedEnvironment.merging(Self.environment(folder)) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try onThreadOfItsOwn { try process.run() }
        let started = try await Self.waitForFile(folder.file("pid"))
        #expect(started, "the fake engine started")
        return process
    }

    /// Whether process `pid` is alive (it exists and is not a zombie).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return false
        }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    static func number(in path: String) throws -> Int32 {
        Int32(try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// A process the engine starts with setsid() leaves the engine's group; it is ended all the same when
    /// the engine exits, and the run succeeds.
    @Test func aGrandchildThatCalledSetsidIsEnded() async throws {
        let folder = try Self.fakeEngine("""
            \(Self.recordGroup)
            setsid sh -c 'ps -o pgid= -p $$ | tr -d " " > "$0/escapee-group"; echo $$ > "$0/escapee"; exec sleep 300' "$WORK" &
            while [ ! -s "$WORK/escapee" ]; do sleep 0.05; done
            \(Self.validPDF)
            """)
        let finished = try await Self.run(folder)
        #expect(finished.status == 0, "\(finished.stderr)")
        let escapee = try Self.number(in: folder.file("escapee"))
        #expect(try Self.number(in: folder.file("escapee-group")) != Self.number(in: folder.file("pid")), "it left the engine's group")
        #expect(!Self.isAlive(escapee), "the setsid() grandchild was ended with the engine")
    }

    /// SIGKILL cannot be caught: the engine's supervisor sees the tool's end of its pipe close and ends the
    /// engine and its children (a hang guard of 60 s; normally within 50 ms).
    @Test func aSIGKILLedToolsEngineIsGone() async throws {
        let folder = try Self.fakeEngine("\(Self.recordGroup)\nsleep 300 &\nsleep 300")
        let process = try await Self.startWithEngineRunning(folder)
        let group = try Self.number(in: folder.file("pid"))
        #expect(!Self.liveMembers(of: group).isEmpty)
        kill(process.processIdentifier, SIGKILL)
        for _ in 0..<3000 where process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        onThreadOfItsOwn { process.waitUntilExit() }
        for _ in 0..<3000 where !Self.liveMembers(of: group).isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        #expect(Self.liveMembers(of: group).isEmpty, "the engine's group outlived the tool")
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalToTheToolEndsTheEngine(_ signal: Int32) async throws {
        let folder = try Self.fakeEngine("\(Self.recordGroup)\nsleep 300 &\nsleep 300")
        let process = try await Self.startWithEngineRunning(folder)
        kill(process.processIdentifier, signal)
        for _ in 0..<3000 where process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        onThreadOfItsOwn { process.waitUntilExit() }
        #expect(process.terminationStatus == 128 + signal)
        let group = Int32(try String(contentsOfFile: folder.file("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        #expect(Self.liveMembers(of: group).isEmpty, "the engine's group was killed before the tool exited")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.pdf")))
        #expect(try folder.listing().filter { $0.contains("partial") }.isEmpty)
    }

    @Test(arguments: [
        ("head -c 1073741824 /dev/zero > \"$PDF\"", "grew past 256 MB"),
        ("printf 'hello\\n' > \"$PDF\"", "is not a PDF"),
        ("printf '%%PDF-1.4\\n' > \"$PDF\"", "is not a PDF"),
        ("printf '%%PDF-1.4\\n%%%%EOF\\n' > \"$PDF\"; exit 3", "exited 3"),
    ])
    func whatIsNotAPDFIsNotDelivered(_ body: String, _ message: String) async throws {
        let folder = try Self.fakeEngine(body)
        let finished = try await Self.run(folder)
        #expect(finished.status == 69, "\(finished.stderr)")
        #expect(finished.stderr.contains(message), "\(finished.stderr)")
        #expect(finished.stderr.split(separator: "\n").count == 1, "one line: \(finished.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.pdf")))
        #expect(try folder.listing().filter { $0.contains("partial") }.isEmpty)
    }

    /// A TMPDIR holding `#`, `?`, `%`, a space and a non-ASCII letter: the file URL handed to the engine
    /// is percent-encoded, so each real engine still finds the document.
    @Test(arguments: ["weasyprint", "chromium"])
    func aTemporaryFolderWithURLCharactersStillPrints(_ engine: String) async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(engine)") else {
            Issue.record("skipped: \(engine) is not installed (.ci/run installs it)")
            return
        }
        let folder = try WorkFolder()
        let scratch = folder.file("t #1?x=%41 é")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let run = try await BuiltTool.run(
            ["report", PackageFiles.sampleStore] + PackageFiles.sampleSettings
                + ["--output", folder.file("out.pdf"), "--pdf-engine", engine, "--weeks", "20-21"],
            in: folder, environment: ["TMPDIR": scratch, "PATH": "/usr/bin:/bin"])
        run.expectSuccess()
        let head = try FileContents.bytes(atPath: folder.file("out.pdf")).prefix(5)
        #expect(Array(head) == Array("%PDF-".utf8))
        #expect(try folder.listing("t #1?x=%41 é").isEmpty)
    }
}
