/// The roff man page, `parpair-report(1)`, made from the command and option tables.
enum ManualPage {
    static func roff(commands: [CommandSpec], version: String, date: String) -> String {
        header(version: version, date: date) + synopsis(commands) + description + commandSections(commands)
            + exitStatus() + environmentAndSeeAlso
    }

    /// The title line and NAME, up to the SYNOPSIS heading.
    private static func header(version: String, date: String) -> String {
        """
        .\\" Made by 'parpair-report manual' from the tool's option table; do not edit.
        .TH PARPAIR-REPORT 1 "\(date)" "parpair-report \(version)" "User Commands"
        .SH NAME
        parpair-report \\- pediatric reports from the ParPair baby tracker's SwiftData store
        .SH SYNOPSIS

        """
    }

    /// One synopsis line per usage of each command.
    private static func synopsis(_ commands: [CommandSpec]) -> String {
        var text = ""
        for command in commands {
            for usage in command.usage {
                text += ".B parpair-report \(command.name.rawValue)\n"
                let rest = (usage.isEmpty ? "" : usage + " ") + (command.options.isEmpty ? "" : "[OPTIONS]")
                if !rest.isEmpty { text += escaped(rest) + "\n" }
                text += ".br\n"
            }
        }
        return text
    }

    /// DESCRIPTION, up to the COMMANDS heading.
    private static let description = """
    .SH DESCRIPTION
    Reads the store of the ParPair iPhone app (default.store, with its \\-wal), only ever from a private
    snapshot, and turns feeds, sleep, diapers and activities into reports per age-week (week 0 = days 0\\(en6
    of life): printable XHTML validated against the W3C DTD, CSV, Markdown, and weekly digests by e\\-mail.
    Ages read as D+388, 55w3d.
    .PP
    Feeds that start within \\-\\-session\\-gap minutes (default 30) of the current feeding's end (the latest end of its feeds) are one feeding (a
    breastfeed and its bottle top\\-up, left breast then right); feedings per day and the longest gap count feedings,
    the per\\-type counts and volumes stay as logged. Small grey figures beside a value are typical ranges for the
    baby's age: context, never an alarm. Only a source's "talk to your midwife or doctor if" threshold, crossed
    over at least 4 logged days (one whole logged day in the first month's table), is marked with \\[u26A0] and
    worded, with its source, in the report's notes. Intake and output follow the days since birth, sleep and
    tummy time the corrected age (\\-\\-due\\-date). While a report covers days 0\\(en27 of life, a day\\-by\\-day table
    puts each day against the day\\-of\\-life counts; the day of birth and the day in progress are not judged.
    .SH COMMANDS

    """

    /// One section per command: summary, description, options and examples.
    private static func commandSections(_ commands: [CommandSpec]) -> String {
        var text = ""
        for command in commands {
            text += ".SS \(command.name.rawValue)\n\(escaped(command.summary)).\n.PP\n"
            text += paragraphs(command.description)
            if !command.options.isEmpty {
                text += ".PP\nOptions:\n"
                for option in command.options {
                    text += ".TP\n.B \(escaped(option.name))"
                    if let value = option.valueName { text += " \\fI\(escaped(value))\\fR" }
                    text += "\n\(escaped(option.help))\n"
                }
            }
            if !command.examples.isEmpty {
                text += ".PP\nExamples:\n.PP\n.nf\n.RS\n" + command.examples.map { escaped($0) + "\n" }.joined() + ".RE\n.fi\n"
            }
        }
        return text
    }

    /// EXIT STATUS: every code the tool exits with.
    private static func exitStatus() -> String {
        var text = ".SH EXIT STATUS\n"
        for (code, _, long) in ParPairCommand.exitCodes {
            text += ".TP\n.B \(code.rawValue)\n\(escaped(long))\n"
        }
        return text
    }

    /// ENVIRONMENT and SEE ALSO, the end of the page.
    private static let environmentAndSeeAlso = """
    .SH ENVIRONMENT
    .TP
    .B TZ
    the time zone in which days are counted when \\-\\-tz is not given
    .SH SEE ALSO
    The README and docs/ in /usr/share/doc/parpair-report (figures.md: what every figure and column means), and
    .B parpair-report completions bash|zsh|fish
    for shell completion.

    """

    /// Text as roff shows it literally: backslashes and dashes escaped, no line starting with a control character.
    static func escaped(_ text: String) -> String {
        var result = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// A help description as roff paragraphs; indented lines (tables in the help) stay as they are.
    private static func paragraphs(_ description: String) -> String {
        var text = ""
        for paragraph in description.components(separatedBy: "\n\n") {
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            guard !lines.isEmpty else { continue }
            if lines.allSatisfy({ $0.hasPrefix("  ") }) {
                text += ".nf\n" + lines.map { escaped($0) + "\n" }.joined() + ".fi\n.PP\n"
            } else {
                text += lines.map { escaped($0.trimmingCharacters(in: .whitespaces)) + "\n" }.joined() + ".PP\n"
            }
        }
        return text
    }
}
