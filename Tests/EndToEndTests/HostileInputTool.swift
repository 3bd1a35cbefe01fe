import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `parpair-report` executable, run as a child process with a deadline.
///
/// Standard output and error go to files (not pipes), so a chatty child can never block on a full
/// pipe; `TMPDIR` points at a folder of the caller's, so a private snapshot left behind is seen.
enum HostileInputTool {
    /// A run still going after this long is a hang: it is killed and the test fails.
    static let deadline: Duration = .seconds(20)

    /// Why the executable cannot be run.
    struct Missing: Error, CustomStringConvertible {
        let looked: [String]
        var description: String {
            "the parpair-report executable was not found; looked at " + looked.joined(separator: ", ")
        }
    }

    /// Where `parpair-report` is: beside the test bundle (any scratch path), else `.build/debug`.
    static func executable(filePath: String = #filePath) throws -> String {
        var folders: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let main = Bundle.main.executableURL { folders.append(main.deletingLastPathComponent()) }
        folders.append(URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent())
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(root.appendingPathComponent(".build/debug"))
        let candidates = folders.map { $0.appendingPathComponent("parpair-report").path }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw Missing(looked: candidates)
    }

    /// Runs the executable with `arguments` and waits at most `deadline`.
    ///
    /// - Parameters:
    ///   - folder: where stdout, stderr and the child's `TMPDIR` are kept (made if absent).
    static func run(_ arguments: [String], folder: String, deadline: Duration = deadline) async throws -> HostileInputRun {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = folder + "/tmp"
        try manager.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let outPath = folder + "/stdout", errPath = folder + "/stderr"
        for path in [outPath, errPath] {
            _ = manager.createFile(atPath: path, contents: nil)
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer {
            try? out.close()
            try? err.close()
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable())
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        environment["TZ"] = "UTC"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err

        let clock = ContinuousClock()
        let started = clock.now
        try process.run()
        var timedOut = false
        while process.isRunning {
            if clock.now - started > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        let elapsed = clock.now - started
        let signalled = process.terminationReason == .uncaughtSignal
        return HostileInputRun(
            arguments: arguments,
            status: process.terminationStatus,
            signalled: signalled,
            timedOut: timedOut,
            stdout: (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data(),
            stderr: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data(), as: UTF8.self),
            leftInTemporary: (try? manager.contentsOfDirectory(atPath: temporary)) ?? [],
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
