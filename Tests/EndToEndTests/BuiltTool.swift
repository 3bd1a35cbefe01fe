import Foundation

/// The `parpair-report` executable SwiftPM built beside this test bundle, run as a child process.
enum BuiltTool {
    /// A run still going after this long is a hang: it is killed and reported. A hang guard, not a speed
    /// check: the slowest run (a PDF printed by Chromium) takes about 5 s in a debug build on an idle 2-core
    /// machine and several times that beside four busy loops, so this is far more than ten times it. Twice as
    /// long in a ThreadSanitizer build, whose binaries run several times slower.
    static let deadline: Duration = underThreadSanitizer ? .seconds(600) : .seconds(300)

    /// Whether these tests (and so the tool beside them) were built with `--sanitize=thread`.
    static let underThreadSanitizer: Bool = {
        guard let handle = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(handle, "__tsan_init") != nil
    }()

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
    /// This process's environment without the locale: the tests read English words and the default paper,
    /// so whatever locale the machine has, the tool runs in the default one unless a test asks for another.
    static var inheritedEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG", "LC_PAPER"] { environment[name] = nil }
        return environment
    }

    static func run(
        _ arguments: [String], in folder: WorkFolder, environment extra: [String: String] = [:], executable: String? = nil,
        whileRunning: ((Int32) -> Void)? = nil
    ) async throws -> ToolRun {
        // Outside `folder`, so tests can list it and see only what the tool wrote.
        let stem = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-e2e-run-\(UUID().uuidString.prefix(12))").path
        defer {
            try? FileManager.default.removeItem(atPath: stem + ".stdout")
            try? FileManager.default.removeItem(atPath: stem + ".stderr")
        }
        var environment = inheritedEnvironment
        environment["TZ"] = nil
        environment.merge(extra) { _, new in new }
        let finished = try await ChildProcess.run(
            try executable ?? Self.executable.get(), arguments, environment: environment, directory: folder.path, outputStem: stem, deadline: deadline,
            whileRunning: whileRunning)
        return ToolRun(
            arguments: arguments, status: finished.timedOut ? -1 : finished.status, stdout: finished.stdout, stderr: finished.stderr)
    }
}
