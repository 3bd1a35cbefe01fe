import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C, SIGTERM and SIGHUP mid-run leave nothing behind: no snapshot (a full copy of a baby's data)
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

    static let points: [Point] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")].flatMap { signal, name in
        [0.05, 0.4, 1.2].map { Point(signal: signal, name: name, afterSeconds: $0) }
    }

    @Test(arguments: points)
    func aSignalLeavesNothingBehind(_ point: Point) async throws {
        let store = try Self.largeStore.get()
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
        try await Task.sleep(for: .milliseconds(Int(point.afterSeconds * 1000)))
        let stillRunning = process.isRunning
        kill(process.processIdentifier, point.signal)
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        // On a thread of its own, as ChildProcess does: Process lets go of itself only there without a leak report.
        onThreadOfItsOwn { process.waitUntilExit() }
        if stillRunning {
            #expect(process.terminationStatus == 128 + point.signal, "exit status \(process.terminationStatus)")
            let out = try folder.listing("out")
            #expect(out.isEmpty, "no partial output: \(out)")
        }
        let left = try folder.listing("tmp")
        #expect(left.isEmpty, "no snapshot left: \(left)")
    }

    /// A run killed with SIGKILL cannot clean up; the next run removes its folder (its process is gone),
    /// and leaves a live process's folder alone.
    @Test func theNextRunRemovesWhatAKilledRunLeft() async throws {
        let folder = try WorkFolder()
        let scratch = folder.file("tmp")
        // A process id that is surely gone: a child that has exited.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try onThreadOfItsOwn {
            try child.run()
            child.waitUntilExit()
        }
        let gone = scratch + "/parpair-snapshot-\(child.processIdentifier)-AbC123"
        let live = scratch + "/parpair-snapshot-\(getpid())-XyZ789"
        for path in [gone, live] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data("a copy of the store".utf8).write(to: URL(fileURLWithPath: path + "/default.store"))
        }
        let run = try await BuiltTool.run(["--version"], in: folder, environment: ["TMPDIR": scratch])
        run.expectSuccess()
        #expect(try folder.listing("tmp") == ["parpair-snapshot-\(getpid())-XyZ789"])
    }
}
