import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `parpair-report` executable SwiftPM built beside this test bundle, run as a child process.
enum BuiltTool {
    /// A run still going after this long is a hang: it is killed and reported.
    static let deadline: Duration = .seconds(30)

    struct NotFound: Error, CustomStringConvertible {
        var looked: [String]
        var description: String { "no parpair-report executable at " + looked.joined(separator: ", ") }
    }

    /// Beside the test bundle first (whatever `--scratch-path`), then `.build/debug` of the package.
    static let executable: Result<String, NotFound> = {
        var folders: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let arguments = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: arguments).deletingLastPathComponent())
        }
        folders.append(PackageFiles.root.appendingPathComponent(".build/debug"))
        let candidates = folders.map { $0.appendingPathComponent("parpair-report").path }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return .success(found)
        }
        return .failure(NotFound(looked: candidates))
    }()

    /// Runs the tool with `arguments` in `folder`, with `TZ` unset unless given. Standard output and
    /// error go through temporary files, so a large report never blocks on a full pipe.
    static func run(_ arguments: [String], in folder: WorkFolder, environment extra: [String: String] = [:]) async throws -> ToolRun {
        // Outside `folder`, so tests can list it and see only what the tool wrote.
        let stem = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-e2e-run-\(UUID().uuidString.prefix(12))").path
        let outPath = stem + ".stdout"
        let errPath = stem + ".stderr"
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
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
        process.executableURL = URL(fileURLWithPath: try executable.get())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = nil
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err

        let clock = ContinuousClock()
        let started = clock.now
        try process.run()
        var hung = false
        while process.isRunning {
            if clock.now - started > deadline {
                hung = true
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return ToolRun(
            arguments: arguments,
            status: hung ? -1 : process.terminationStatus,
            stdout: (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data(),
            stderr: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data(), as: UTF8.self))
    }
}
