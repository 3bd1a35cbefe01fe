import Foundation

/// One `parpair-report` subcommand.
protocol Subcommand {
    /// The word after `parpair-report`.
    static var name: String { get }
    /// One line for the overview.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Parses the arguments (all validated before anything is opened) and runs.
    static func run(_ arguments: [String], console: Console) throws
}

/// Standard output and error of a run, replaceable in tests.
struct Console: Sendable {
    var out: @Sendable (String) -> Void
    var err: @Sendable (String) -> Void
    var environment: [String: String]

    /// The process's standard output and error; text that may come from a store is made safe for a terminal.
    static let standard = Console(
        out: { text in FileHandle.standardOutput.write(Data(TerminalText.safe(text).utf8)) },
        err: { text in FileHandle.standardError.write(Data(TerminalText.safe(text).utf8)) },
        environment: ProcessInfo.processInfo.environment
    )
}
