import Mustache
import XHTML

/// Why a report could not be produced.
public enum ReportError: Error, CustomStringConvertible, Sendable {
    /// A chart was not well-formed XML: a bug in the chart code, reported rather than embedded.
    case chart(name: String, problems: String)
    /// The rendered HTML failed XHTML 1.0 Strict validation; every problem as `line:column: message`.
    case invalidHTML(template: String, problems: String)
    /// The XHTML DTD could not be loaded.
    case dtdUnavailable(String)
    /// A template could not be parsed, or failed while rendering: the engine's error, with its template,
    /// line, column and caret.
    case template(TemplateError)
    /// A template that is not there: no such file, or no such built-in.
    case missingTemplate(String)
    /// The HTML is larger than the validator accepts, so it cannot be proven valid.
    case tooLarge(bytes: Int, limit: Int)
    /// `--baby` matched no baby.
    case noSuchBaby(String, available: [String])
    /// `--due-date` / `--born-at` does not fit the selected babies: a term outside 22–44 weeks, or several
    /// babies not born the same day (only twins share a term).
    case badTerm(String)
    /// A template (or what it rendered) loads something from outside the report, or runs script.
    case unsafeDocument([PolicyViolation])

    public var description: String {
        switch self {
        case .chart(let name, let problems):
            "internal error: the \(name) is not well-formed XML:\n\(problems)"
        case .invalidHTML(let template, let problems):
            "the HTML rendered from \(template) is not valid XHTML 1.0 Strict; nothing was written:\n\(problems)"
        case .dtdUnavailable(let message):
            message
        case .template(let error):
            error.description
        case .missingTemplate(let message):
            message
        case .tooLarge(let bytes, let limit):
            "the HTML report would be \(bytes / 1_048_576) MB, more than the \(limit / 1_048_576) MB that can be validated; "
                + "nothing was written. Narrow it with --baby, --weeks or --last, or use --format csv"
        case .badTerm(let message):
            message
        case .unsafeDocument(let violations):
            (violations.first?.description ?? "the report loads something from outside itself")
                + (violations.count > 1 ? " (and \(violations.count - 1) more)" : "")
        case .noSuchBaby(let wanted, let available):
            "no baby named or with id '\(wanted)' in the store"
                + (available.isEmpty ? " (it holds no babies)" : "; it holds: \(available.joined(separator: ", "))")
        }
    }
}
