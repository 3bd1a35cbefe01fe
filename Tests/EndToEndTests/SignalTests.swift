import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C, SIGTERM, SIGHUP and SIGPIPE mid-run leave nothing behind: no snapshot (a full copy of a baby's data)
/// in TMPDIR, no partial output; the exit status is 128+signal.
@Suite(.serialized) struct SignalTests {
    /// A store of about a million logs (`sample --seed 7 --babies 10 --days 4430`), made once: its debug
    /// report takes a few seconds, so a signal lands while it is copied, read, aggregated or rendered.
    /// Kept between runs in one folder (the sample is deterministic), so test runs do not pile up 64 MB copies.
    static let largeStore: Result<String, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-signal-tests-\(getuid())")
        let store = folder.appendingPathComponent("large.store").path
        let done = folder.appendingPathComponent("complete").path
        if FileManager.default.fileExists(atPath: done) { return store }
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltTool.executable.get())
        process.arguments = ["sample", store, "--seed", "7", "--babies", "10", "--days", "4430"]
        _ = try process.runCapturingOutput()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        guard FileManager.default.createFile(atPath: done, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        return store
    }

    struct Point: Sendable, CustomTestStringConvertible {
        var signal: Int32
        var name: String
        var afterSeconds: Double
        var testDescription: String { "\(name) after \(afterSeconds) s" }
    }

    static let points: [Point] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"), (SIGPIPE, "SIGPIPE")].flatMap { signal, name in
        [0.05, 0.4, 1.2].map { Point(signal: signal, name: name, afterSeconds: $0) }
    }

    /// Starts the large store's HTML report into `out/` of a new folder, with `tmp/` of it as TMPDIR.
    static func startLargeReport() throws -> (folder: WorkFolder, scratch: String, process: Process) {
        let store = try largeStore.get()
        let folder = try WorkFolder()
        let scratch = folder.file("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltTool.executable.get())
        process.arguments = ["report", store, "--tz", "UTC", "--today", "2026-11-20", "--output", folder.file("out/report.html")]
        process.environment = ["TMPDIR": scratch, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try onThreadOfItsOwn { try process.run() }
        return (folder, scratch, process)
    }

    @Test(arguments: points)
    func aSignalLeavesNothingBehind(_ point: Point) async throws {
        let (folder, _, process) = try Self.startLargeReport()
        try await Task.sleep(for: .milliseconds(Int(point.afterSeconds * 1000)))
        let stillRunning = process.isRunning
        kill(process.processIdentifier, point.signal)
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        // On a thread of its own, as ChildProcess does: Process lets go of itself only there without a leak report.
        onThreadOfItsOwn { process.waitUntilExit() }
        if stillRunning {
            // Its own handler ends the run with 128 + the signal. On a busy machine a signal at 0.05 s can come before
            // the process has installed it (while the loader still runs): the signal's default action ends it then,
            // before it made anything, which the check of TMPDIR below holds it to.
            let killedBeforeItsHandler = process.terminationReason == .uncaughtSignal && process.terminationStatus == point.signal
            #expect(process.terminationStatus == 128 + point.signal || killedBeforeItsHandler,
                    "exit status \(process.terminationStatus), \(process.terminationReason == .uncaughtSignal ? "killed" : "exited")")
            let out = try folder.listing("out")
            #expect(out.isEmpty, "no partial output: \(out)")
        }
        let left = try folder.listing("tmp")
        #expect(left.isEmpty, "no snapshot left: \(left)")
    }

    /// A fatal signal mid-run (as a fault under a memory limit raises it) ends the run through the handler in C, which
    /// removes the run's snapshot folder and partial output itself: nothing waits for the next run's sweep.
    @Test(arguments: [SIGSEGV, SIGABRT, SIGBUS])
    func aFatalSignalLeavesNothingBehind(_ signal: Int32) async throws {
        let (folder, _, process) = try Self.startLargeReport()
        var started = false
        for _ in 0..<2000 where !started && process.isRunning {
            started = try folder.listing("tmp").contains { $0.hasPrefix("parpair-snapshot-") }
            if !started { try await Task.sleep(for: .milliseconds(5)) }
        }
        try await Task.sleep(for: .milliseconds(300))
        kill(process.processIdentifier, signal)
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        onThreadOfItsOwn { process.waitUntilExit() }
        #expect(started, "the run made its snapshot folder")
        #expect(process.terminationStatus != 0, "exit \(process.terminationStatus)")
        let left = try folder.listing("tmp")
        #expect(left.isEmpty, "no snapshot left: \(left)")
        #expect(try folder.listing("out").isEmpty, "no partial output")
    }

    /// SIGTERM at many points of a real PDF run (Chromium: its profile, the printed HTML, the PDF landing and the
    /// folder's removal after it) leaves TMPDIR empty every time, and the output folder empty or holding the whole
    /// PDF; the run ends 143 or has finished. The points are fractions of a whole run's time, measured first, past its end included.
    @Test func aSignalAtAnyPointOfAPDFRunLeavesNothingBehind() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            Issue.record("skipped: chromium is not installed (.ci/run installs it)")
            return
        }
        func start(_ folder: WorkFolder) throws -> Process {
            for name in ["tmp", "out"] { try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try BuiltTool.executable.get())
            process.arguments = ["report", PackageFiles.sampleStore] + PackageFiles.sampleSettings
                + ["--pdf-engine", "chromium", "--output", folder.file("out/report.pdf")]
            process.environment = ["TMPDIR": folder.file("tmp"), "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try onThreadOfItsOwn { try process.run() }
            return process
        }
        let whole = try WorkFolder()
        let began = Date()
        let full = try start(whole)
        while full.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        onThreadOfItsOwn { full.waitUntilExit() }
        let seconds = Date().timeIntervalSince(began)
        try #require(full.terminationStatus == 0, "the whole run printed")
        for fraction in [0.05, 0.2, 0.4, 0.6, 0.8, 0.9, 0.97, 1.02] {
            let folder = try WorkFolder()
            let process = try start(folder)
            try await Task.sleep(for: .milliseconds(Int(seconds * fraction * 1000)))
            kill(process.processIdentifier, SIGTERM)
            while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
            onThreadOfItsOwn { process.waitUntilExit() }
            let about = "SIGTERM at \(fraction) of \(String(format: "%.2f", seconds)) s: exit \(process.terminationStatus)"
            #expect([0, 128 + SIGTERM].contains(process.terminationStatus), "\(about)")
            let left = try folder.listing("tmp")
            #expect(left.isEmpty, "\(about): left \(left)")
            // The rename is the commit: a signal after it (during the scratch folder's removal) ends the run 143
            // with the whole PDF in place, never a part of one.
            let out = try folder.listing("out")
            if process.terminationStatus == 0 || out == ["report.pdf"] {
                #expect(out == ["report.pdf"], "\(about): out \(out)")
                let pdf = try Data(contentsOf: URL(fileURLWithPath: folder.file("out/report.pdf")))
                #expect(pdf.starts(with: Data("%PDF-".utf8)), "\(about): the PDF's header")
                #expect(String(decoding: pdf.suffix(16), as: UTF8.self).contains("%%EOF"), "\(about): the PDF's end")
            } else {
                #expect(out.isEmpty, "\(about): out \(out)")
            }
        }
    }

    /// A run killed with SIGKILL cannot clean up; the next run removes its folder: its lock file (which a
    /// run holds `flock`ed for the folder's life) can be locked. A folder whose lock is held (a live run, in
    /// any PID namespace; here this test holds it) is left alone, and so is a fresh folder without a lock
    /// file (a run that has just made it); one without a lock file older than an hour is removed.
    @Test func theNextRunRemovesWhatAKilledRunLeft() async throws {
        let folder = try WorkFolder()
        let scratch = folder.file("tmp")
        let gone = scratch + "/parpair-snapshot-\(getpid())-AbC123"
        let live = scratch + "/parpair-snapshot-999999-XyZ789"
        let fresh = scratch + "/parpair-backup-999998-FrE5h0"
        let old = scratch + "/parpair-output-999997-0Ld000"
        for path in [gone, live, fresh, old] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data("a copy of the store".utf8).write(to: URL(fileURLWithPath: path + "/default.store"))
        }
        for path in [gone, live] { try Data().write(to: URL(fileURLWithPath: path + "/.parpair-run.lock")) }
        let held = open(live + "/.parpair-run.lock", O_RDONLY | O_CLOEXEC)
        defer { close(held) }
        #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: old)
        let run = try await BuiltTool.run(["--version"], in: folder, environment: ["TMPDIR": scratch])
        run.expectSuccess()
        #expect(try folder.listing("tmp") == ["parpair-backup-999998-FrE5h0", "parpair-snapshot-999999-XyZ789"])
    }

    /// The partial output of a run killed with SIGKILL is private (0600) and the next run writing into
    /// that folder removes it; its snapshot folder goes too.
    @Test func aKilledRunsPartialOutputIsPrivateAndSwept() async throws {
        let (folder, scratch, process) = try Self.startLargeReport()
        var partial: String?
        // Killed once its snapshot folder has its name too: a run killed in the instant of making that folder
        // leaves a `.parpair-new-*` folder, which sweeps remove only once it is a minute old.
        for _ in 0..<6000 where partial == nil && process.isRunning {
            let named = try folder.listing("tmp").contains { $0.hasPrefix("parpair-snapshot-") }
            partial = named ? try folder.listing("out").first { $0.contains(".parpair-partial-") } : nil
            if partial == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        onThreadOfItsOwn { process.waitUntilExit() }
        let name = try #require(partial, "the run wrote a partial output before it ended")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("out/" + name))
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "partial mode \(String(describing: attributes[.posixPermissions]))")
        let run = try await BuiltTool.run(
            ["report", PackageFiles.sampleStore] + PackageFiles.sampleSettings + ["--output", folder.file("out/other.md")], in: folder,
            environment: ["TMPDIR": scratch])
        run.expectSuccess()
        #expect(try folder.listing("out") == ["other.md"], "the dead run's partial was removed")
        let left = try folder.listing("tmp")
        let inside = left.map { (try? FileManager.default.contentsOfDirectory(atPath: scratch + "/" + $0)) ?? [] }
        #expect(left.isEmpty, "and its snapshot folder: \(left) \(inside)")
    }

    /// Under a memory limit a run ends with a non-zero exit, or succeeds; it never hangs (as a run whose threads
    /// could not start did). The C library's allocator is not replaced, so a failed allocation may be reported by
    /// the Swift runtime ("Fatal error") before the tool's own line: accepted. No half-written output stays, and
    /// TMPDIR is empty as the run ends, a fatal signal's included (the handler removes the run's folders); the
    /// next run into the same folders then succeeds. A limit under which the dynamic loader cannot even map the
    /// tool's libraries (exit 127 before any of its code runs) is passed over.
    @Test func aMemoryLimitEndsTheRunWithOneLine() async throws {
        let store = try Self.largeStore.get()
        let tool = try BuiltTool.executable.get()
        var failures = 0
        for kibibytes in [120_000, 130_000, 150_000, 200_000, 260_000] {
            let folder = try WorkFolder()
            let scratch = folder.file("tmp")
            for name in ["tmp", "out"] { try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true) }
            let limited = try await ChildProcess.run(
                "/bin/sh", ["-c", "ulimit -v \(kibibytes) && exec \"$0\" \"$@\"", tool, "report", store, "--tz", "UTC", "--today",
                            "2026-11-20", "--output", folder.file("out/report.html")],
                environment: ["TMPDIR": scratch, "PATH": "/usr/bin:/bin"], directory: folder.path, outputStem: folder.file("limited"),
                deadline: .seconds(300))
            if limited.status == 127, limited.stderr.contains("error while loading shared libraries") { continue }
            let about = "ulimit -v \(kibibytes): exit \(limited.status); stderr: \(limited.stderr.prefix(600))"
            #expect(!limited.timedOut, "\(about)")
            if limited.status != 0 || limited.signalled {
                failures += 1
                #expect(!FileManager.default.fileExists(atPath: folder.file("out/report.html")), "\(about)")
            }
            #expect(try folder.listing("tmp").isEmpty, "TMPDIR is empty as the limited run ends: \(about)")
            let next = try await BuiltTool.run(
                ["report", PackageFiles.sampleStore] + PackageFiles.sampleSettings + ["--output", folder.file("out/other.md")], in: folder,
                environment: ["TMPDIR": scratch])
            next.expectSuccess()
            let out = try folder.listing("out").filter { $0 != "report.html" }
            #expect(out == ["other.md"], "the limited run's partial output was removed: \(about)")
            #expect(try folder.listing("tmp").isEmpty, "and its snapshot folder: \(about)")
        }
        #expect(failures > 0, "no limit made the run fail, so none tested the failure")
    }

    /// Two runs in different PID namespaces sharing TMPDIR: the second does not take the first's live
    /// snapshot folder for a dead run's (its process id means nothing there). The first run's tool is
    /// process 4 of its namespace (two `true`s before it), the second's process 1 of its own.
    @Test func runsInOtherPIDNamespacesKeepTheirFolders() async throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            Issue.record("skipped: needs root and unshare (util-linux)")
            return
        }
        let store = try Self.largeStore.get()
        let folder = try WorkFolder()
        let scratch = folder.file("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let tool = try BuiltTool.executable.get()
        let first = Process()
        first.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        first.arguments = ["--pid", "--fork", "--mount-proc", "/bin/sh", "-c",
                           "/bin/true; /bin/true; exec \"$0\" report \"$1\" --tz UTC --today 2026-11-20 --output \"$2\"",
                           tool, store, folder.file("first.html")]
        first.environment = ["TMPDIR": scratch, "PATH": "/usr/bin:/bin"]
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try onThreadOfItsOwn { try first.run() }
        var sawFolder = false
        for _ in 0..<6000 where !sawFolder && first.isRunning {
            sawFolder = try folder.listing("tmp").contains { $0.hasPrefix("parpair-snapshot-") }
            if !sawFolder { try await Task.sleep(for: .milliseconds(5)) }
        }
        let second = try await ChildProcess.run(
            "/usr/bin/unshare", ["--pid", "--fork", "--mount-proc", tool, "report", PackageFiles.sampleStore] + PackageFiles.sampleSettings
                + ["--output", folder.file("second.md")],
            environment: ["TMPDIR": scratch, "PATH": "/usr/bin:/bin"], directory: folder.path, outputStem: folder.file("second"),
            deadline: .seconds(120))
        for _ in 0..<12000 where first.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        if first.isRunning { kill(first.processIdentifier, SIGKILL) }
        onThreadOfItsOwn { first.waitUntilExit() }
        #expect(sawFolder, "the second run started while the first had its snapshot folder")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(first.terminationStatus == 0, "the first run kept its folder and finished")
        #expect(FileManager.default.fileExists(atPath: folder.file("first.html")))
    }
}
