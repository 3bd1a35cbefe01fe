import Foundation

/// `parpair-report completions bash|zsh|fish`: the completion script for a shell, on standard output.
enum CompletionsCommand: Subcommand {
    static let spec = CommandSpec(
        name: .completions, summary: "print the shell completion script for bash, zsh or fish",
        usage: ["bash|zsh|fish"], positional: .choices(ShellCompletions.Shell.allCases.map(\.argument)),
        description: """
        Prints a completion script made from the same table as the parser and this help. Install it where
        your shell looks (the Debian package does this for you):
          bash   parpair-report completions bash > /usr/share/bash-completion/completions/parpair-report
          zsh    parpair-report completions zsh > /usr/share/zsh/vendor-completions/_parpair-report
          fish   parpair-report completions fish > /usr/share/fish/vendor_completions.d/parpair-report.fish
        """)

    static func run(_ parsed: Arguments, console: Console) throws {
        let word = try parsed.positionals("SHELL")[0]
        guard let shell = ShellCompletions.Shell(argument: word) else {
            throw UsageError("unknown shell '\(word)': use bash, zsh or fish", command: name)
        }
        console.out(ShellCompletions.script(for: shell, commands: ParPairCommand.specs))
    }
}

/// `parpair-report manual`: the roff man page, on standard output.
enum ManualCommand: Subcommand {
    /// The man page's date: the release's, fixed so that the page is reproducible.
    static let releaseDate = "2026-12-01"

    static let spec = CommandSpec(
        name: .manual, summary: "print the man page (roff), made from the same table as --help",
        usage: [""], positional: .none,
        description: """
        Prints parpair-report(1) in roff. Read it with 'parpair-report manual | man -l -', or install it:
          parpair-report manual > /usr/share/man/man1/parpair-report.1
        """)

    static func run(_ parsed: Arguments, console: Console) throws {
        _ = try parsed.positionals()
        console.out(ManualPage.roff(commands: ParPairCommand.specs, version: ParPairCommand.packageVersion, date: releaseDate))
    }
}
