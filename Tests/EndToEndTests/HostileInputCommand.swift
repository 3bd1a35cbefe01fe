import Foundation

/// The commands every corpus store is put through, with the fixed clock and zone of the corpus.
enum HostileInputCommand: String, CaseIterable, Sendable {
    case html, csv, markdown, info, events

    /// `--today` of every run: after the corpus logs, so most of them count.
    static let today = "2026-11-20"

    /// The output file's name, or nil when the command prints to standard output.
    var outputName: String? {
        switch self {
        case .html: "report.html"
        case .csv: "report.csv"
        case .markdown: "report.md"
        case .info: nil
        case .events: "events.csv"
        }
    }

    func arguments(store: String, output: String?) -> [String] {
        let clock = ["--tz", "UTC", "--today", HostileInputCommand.today]
        switch self {
        case .html, .csv, .markdown:
            let format = self == .markdown ? "md" : rawValue
            return ["report", store, "--format", format, "--output", output ?? "-"] + clock
        case .info:
            return ["info", store] + clock
        case .events:
            return ["export", store, "--table", "events", "--output", output ?? "-"] + clock
        }
    }

    /// Whether a successful run's output looks like this command's (the tool validates XHTML itself).
    func looksRight(_ text: String) -> Bool {
        switch self {
        case .html: text.hasPrefix("<?xml") && text.contains("<html") && text.hasSuffix("</html>\n")
        case .csv: text.hasPrefix("baby,baby_id,week,")
        case .markdown: text.contains("# ") && text.contains("Made by parpair-report")
        case .info: text.hasPrefix("Store:") && text.contains("Tables:")
        case .events: text.hasPrefix("baby,kind,type,start,end,")
        }
    }
}
