import Foundation
@testable import ParPairCLI

/// One run of the command line in this process, through its `Console`.
struct InProcessRun {
    var status: ExitCode
    var stdout: String
    var stderr: String

    /// Runs `parpair-report ARGUMENTS` with an empty environment but `TZ=UTC`, on this system or the one given.
    static func run(
        _ arguments: [String], environment: [String: String] = ["TZ": "UTC"], platform: HostPlatform = .current
    ) -> InProcessRun {
        let out = Captured()
        let err = Captured()
        var console = Console(out: { out.append($0) }, err: { err.append($0) }, environment: environment)
        console.platform = platform
        let status = ParPairCommand.run(arguments, console: console)
        return InProcessRun(status: status, stdout: out.text, stderr: err.text)
    }

    /// Text a console wrote, collected under a lock.
    final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var collected = ""

        func append(_ text: String) { lock.withLock { collected += text } }
        var text: String { lock.withLock { collected } }
    }
}

/// The bundled sample store, found from this file's place in the package.
enum Package {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sampleStore = root.appendingPathComponent("samples/default.store").path
}
