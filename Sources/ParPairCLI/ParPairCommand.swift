import Foundation
import ParPairReport

/// Entry point of the `parpair-report` executable: dispatches to a subcommand and maps errors to
/// one line on standard error and a sysexits code.
public enum ParPairCommand {
    public static let version = "0.1.0"

    nonisolated(unsafe) static let subcommands: [any Subcommand.Type] = [
        ReportCommand.self,
        ExportCommand.self,
        InfoCommand.self,
        TemplatesCommand.self,
        ValidateCommand.self,
        SampleCommand.self,
        DigestCommand.self,
    ]

    /// Runs with the process's arguments and exits.
    public static func main() -> Never {
        let code = run(Array(CommandLine.arguments.dropFirst()), console: .standard)
        exit(code.rawValue)
    }

    static func run(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            // Like every usage error: one `error:` line a script can grep, then the help.
            console.err("parpair-report: error: missing command\n\n" + overview)
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = subcommands.first(where: { $0.name == arguments[1] }) {
                console.out(command.help)
            } else {
                console.out(overview)
            }
            return .success
        case "--version":
            console.out("parpair-report \(version)\n")
            return .success
        default:
            break
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            console.err("parpair-report: error: unknown command '\(first)'\nRun 'parpair-report --help' for the commands.\n")
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return .success
        }
        do {
            try command.run(rest, console: console)
            return .success
        } catch let error as UsageError {
            console.err("parpair-report: error: \(error.message)\nRun 'parpair-report \(error.command ?? command.name) --help' for usage.\n")
            return .usage
        } catch let error as any CommandError {
            console.err("parpair-report: error: \(error.description)\n")
            return error.exitCode
        } catch {
            let mapped = ErrorMapping.map(error)
            console.err("parpair-report: error: \(mapped.description)\n")
            return mapped.exitCode
        }
    }

    static var overview: String {
        var text = """
        parpair-report \(version): pediatric reports from the ParPair app's SwiftData store.

        Usage: parpair-report COMMAND [OPTIONS]

        Commands:

        """
        for command in subcommands {
            text += "  " + command.name.padding(toLength: 11, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

        Run 'parpair-report COMMAND --help' for a command's options.
        Exit codes (sysexits): 0 ok, 64 usage, 65 bad data, 66 no input, 70 internal, 73 cannot create, 74 I/O.

        """
        return text
    }
}
