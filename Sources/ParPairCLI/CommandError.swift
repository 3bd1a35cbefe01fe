/// An error the command line reports: one line for humans and the exit code it maps to.
public protocol CommandError: Error, CustomStringConvertible, Sendable {
    var exitCode: ExitCode { get }
}

/// The command was used wrongly. Printed with a hint to `--help`, exit 64.
public struct UsageError: CommandError {
    public var message: String
    /// The subcommand, for the help hint (`parpair-report report --help`).
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var exitCode: ExitCode { .usage }
    public var description: String { message }
}

/// Any other failure with a chosen exit code.
public struct GeneralError: CommandError {
    public var message: String
    public var exitCode: ExitCode

    public init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }
}
