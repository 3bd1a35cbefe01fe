import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a child process with a deadline, standard input from /dev/null and standard output and error
/// into files (not pipes, so a chatty child never blocks on a full pipe).
enum ChildProcess {
    struct Finished {
        var status: Int32
        var signalled: Bool
        /// The deadline passed and the child was killed.
        var timedOut: Bool
        var seconds: Double
        var stdout: Data
        var stderr: String
    }

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil,
        outputStem: String, deadline: Duration, whileRunning: ((Int32) -> Void)? = nil
    ) async throws -> Finished {
        let outPath = outputStem + ".stdout", errPath = outputStem + ".stderr"
        for path in [outPath, errPath] where !FileManager.default.createFile(atPath: path, contents: nil) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err

        let clock = ContinuousClock()
        let started = clock.now
        try onThreadOfItsOwn { try process.run() }
        var timedOut = false
        while process.isRunning {
            if !timedOut, clock.now - started > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
            }
            whileRunning?(process.processIdentifier)
            try await Task.sleep(for: .milliseconds(5))
        }
        // Returns at once, the child having exited, but needed: Process retains itself through a
        // run-loop source that only `waitUntilExit` lets go of, and would otherwise outlive the test
        // with its arguments and environment (LeakSanitizer reported every run).
        onThreadOfItsOwn { process.waitUntilExit() }
        let elapsed = clock.now - started
        return Finished(
            status: process.terminationStatus,
            signalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            stdout: Data((try? FileContents.bytes(atPath: outPath)) ?? []),
            stderr: String(decoding: (try? FileContents.bytes(atPath: errPath)) ?? [], as: UTF8.self))
    }
}
