import Foundation
import ParPairReport
import ParPairStore
import Platform

/// Entry point of the `parpair-report` executable: dispatches to a command and maps errors to
/// one line on standard error and a sysexits code.
public enum ParPairCommand {
    /// The release, as reports, CSVs and digests name the tool (so their bytes do not change with each commit).
    public static let version = "0.2.0"
    /// The release and the commit built (`0.2.0+git291.655db8029d`, `.dirty` with uncommitted changes), as
    /// `--version`, the help and the man page print it and `build-deb` names the package; `build` is written by
    /// the StampVersion plugin.
    public static var packageVersion: String { version + build }

    /// The commands, in overview order (a computed list: metatypes are not `Sendable`, so a stored one would
    /// need `nonisolated(unsafe)`).
    static var subcommands: [any Subcommand.Type] { [
        ReportCommand.self,
        ExportCommand.self,
        InfoCommand.self,
        StoresCommand.self,
        ColumnsCommand.self,
        DigestCommand.self,
        TemplatesCommand.self,
        ValidateCommand.self,
        SampleCommand.self,
        CompletionsCommand.self,
        ManualCommand.self,
    ] }

    /// Runs with the process's arguments and exits.
    public static func main() -> Never {
        // Before any other thread exists: signals then reach only the cleanup thread, which first sweeps the
        // folders of killed runs while this one starts the run.
        Signals.installCleanup(sweepingStaleFolders: true)
        FatalSignalMessage.installFatalSignalHandler()
        // A password in the environment is in memory from the start.
        let console = Console.standard
        if console.environment[StoreArguments.passwordVariable].map({ !$0.isEmpty }) == true {
            ProcessProtection.disableCoreDumps()
        }
        let code = run(Array(CommandLine.arguments.dropFirst()), console: console)
        Signals.prepareToExit()
        exit(code.rawValue)
    }

    /// Every command's declaration, in overview order.
    static var specs: [CommandSpec] { subcommands.map { $0.spec } }

    static func command(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.name == name }
    }

    static func run(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            return usage(UsageError("missing command"), console: console)
        }
        switch first {
        case "--help", "-h", "help":
            guard arguments.count > 1 else {
                console.out(overview)
                return .success
            }
            guard let command = command(named: arguments[1]) else {
                return usage(unknownCommand(arguments[1]), console: console)
            }
            console.out(command.spec.help)
            return .success
        case "--version":
            console.out("parpair-report \(packageVersion)\n")
            return .success
        default:
            break
        }
        guard let command = command(named: first) else {
            return usage(unknownCommand(first), console: console)
        }
        let rest = Array(arguments.dropFirst())
        // After `--` every word is a positional, even one spelled `--help`.
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            console.out(command.spec.help)
            return .success
        }
        do {
            let (expanded, family) = try FamilyArguments.expand(rest, command: command.spec.name, environment: console.environment)
            var parsed = try Arguments(expanded, command: command.spec.name)
            parsed.family = family
            try command.run(parsed, console: console)
            return .success
        } catch let error as UsageError {
            return self.usage(error, console: console)
        } catch let error as any CommandError {
            console.err("parpair-report: error: \(error.description)\n")
            return error.exitCode
        } catch {
            let mapped = ErrorMapping.map(error)
            if mapped.exitCode == .usage {
                return self.usage(UsageError(mapped.message, command: command.name), console: console)
            }
            console.err("parpair-report: error: \(mapped.description)\n")
            return mapped.exitCode
        }
    }

    /// One line: the problem, then where the help is.
    static func usage(_ error: UsageError, console: Console) -> ExitCode {
        let hint = error.command.map { "see 'parpair-report \($0) --help'" } ?? "see 'parpair-report --help'"
        console.err("parpair-report: error: \(error.message); \(hint)\n")
        return .usage
    }

    static func unknownCommand(_ word: String) -> UsageError {
        var message = "unknown command '\(word)'"
        if let near = Suggestion.nearest(to: word, among: specs.map(\.name.rawValue)) { message += " (did you mean '\(near)'?)" }
        return UsageError(message)
    }

    static var overview: String {
        var text = """
        parpair-report \(packageVersion): pediatric reports from the ParPair app's SwiftData store.

        Usage: parpair-report COMMAND [OPTIONS]

        Commands:

        """
        for command in subcommands {
            text += "  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.spec.summary + "\n"
        }
        text += """

        Run 'parpair-report COMMAND --help' for a command's options, 'parpair-report --version' for the version,
        'parpair-report manual' for the man page.
        \(exitCodeSummary)

        """
        return text
    }

    /// The exit codes, as the overview (short word) and the man page (long text) list them.
    static let exitCodes: [(code: ExitCode, short: String, long: String)] = [
        (.success, "ok", "success"),
        (.usage, "usage", "the command was used wrongly: a bad option, value or argument"),
        (.dataError, "bad data", "bad data: not a store, a damaged store, an invalid template"),
        (.noInput, "no input", "a store or input file does not exist or cannot be read"),
        (.unavailable, "no PDF engine", "no PDF engine is installed, or it failed (install weasyprint or chromium)"),
        (.software, "internal", "an internal error (a bug: please report it)"),
        (.osError, "out of memory", "the run ran out of memory under a memory limit (ulimit -v or -d); raise it"),
        (.osFile, "DTD unreadable", "the built-in XHTML DTD cannot be read (a damaged program: reinstall it)"),
        (.cantCreate, "cannot create", "the output cannot be created"),
        (.ioError, "I/O", "reading or writing failed"),
        (.tempFail, "try later", "the device backup is still being written; try again later (cron simply will)"),
        (.noPermission, "not permitted", "an encrypted backup's password is wrong, or none was given; or macOS "
            + "protects Finder's backups from the program (give it Full Disk Access)"),
    ]

    static var exitCodeSummary: String {
        "Exit codes (sysexits): " + exitCodes.map { "\($0.code.rawValue) \($0.short)" }.joined(separator: ", ") + "."
    }
}
