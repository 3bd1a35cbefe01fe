import Foundation
import Platform
import PrintableText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `parpair-report` command.
protocol Subcommand {
    /// Its name, usage and description; its options are those `OptionTable` declares for it.
    static var spec: CommandSpec { get }
    /// Runs with arguments already parsed against the option table (values are validated by the
    /// command before anything is opened).
    static func run(_ arguments: Arguments, console: Console) throws
}

extension Subcommand {
    static var name: String { spec.name.rawValue }
}

/// Standard output and error of a run, replaceable in tests.
struct Console: Sendable {
    var out: @Sendable (String) -> Void
    var err: @Sendable (String) -> Void
    var environment: [String: String]
    /// Whether standard output is a terminal (markup is not dumped into one).
    var outputIsTerminal = false
    /// Shows a passing line on standard error while something takes seconds, and clears it with nil; it does
    /// nothing unless standard error is a terminal.
    var progress: @Sendable (String?) -> Void = { _ in }
    /// The system's folders and its protection of them (a Mac's, in tests on Linux too).
    var platform = HostPlatform.current

    /// The process's standard output and error; every control, line separator and bidi control but the line feeds
    /// and tabs the tool writes is shown escaped (``PrintableText``), whatever a caller forgot.
    static let standard = Console(
        out: { text in
            // A reader that went away (`| head`) ends the run with one line and its cleanup, not a trap.
            guard let code = POSIXFile.write(PrintableText.escaped(text, keepingLineFeeds: true), to: STDOUT_FILENO) else { return }
            let reason = code == EPIPE ? "its reader closed it (broken pipe)" : String(cString: strerror(code))
            Signals.end(saying: "parpair-report: error: cannot write standard output: \(reason)\n", code: ExitCode.ioError.rawValue)
        },
        err: { text in _ = POSIXFile.write(PrintableText.escaped(text, keepingLineFeeds: true), to: STDERR_FILENO) },
        environment: ProcessEnvironment.variables(),
        outputIsTerminal: isatty(STDOUT_FILENO) == 1,
        progress: { text in
            guard isatty(STDERR_FILENO) == 1 else { return }
            // Back to the line's start, the text, and on clearing, the line erased.
            let line = text.map { "\r" + PrintableText.escaped($0) } ?? "\r\u{1B}[K"
            _ = POSIXFile.write(line, to: STDERR_FILENO)
        }
    )
}
