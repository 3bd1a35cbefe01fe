/// What `--help`, the man page and the completions say of one command; its options come from `OptionTable`.
struct CommandSpec: Sendable {
    var name: CommandName
    /// One line for the overview.
    var summary: String
    /// The positional part of each usage line, e.g. `STORE`, or `list` and `dump DIR`.
    var usage: [String]
    /// What the positionals are, for the completions.
    var positional: CompletionKind
    /// The paragraphs after the usage line.
    var description: String
    var examples: [String] = []

    var options: [OptionSpec] { OptionTable.options(for: name) }

    /// `Usage: parpair-report report STORE [OPTIONS]`, then the description, the options and the examples.
    var help: String {
        var text = ""
        for (index, line) in usage.enumerated() {
            text += (index == 0 ? "Usage: " : "       ") + "parpair-report \(name.rawValue)"
            if !line.isEmpty { text += " " + line }
            if !options.isEmpty { text += " [OPTIONS]" }
            text += "\n"
        }
        text += "\n" + description + "\n"
        if !options.isEmpty {
            text += "\nOptions:\n"
            let width = min(28, options.map(\.synopsis.count).max() ?? 0)
            for option in options {
                let synopsis = option.synopsis
                if synopsis.count > width {
                    text += "  \(synopsis)\n" + String(repeating: " ", count: width + 4) + option.help + "\n"
                } else {
                    text += "  " + synopsis.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + option.help + "\n"
                }
            }
        }
        if !examples.isEmpty {
            text += "\nExamples:\n" + examples.map { "  " + $0 + "\n" }.joined()
        }
        return text
    }
}
