/// One problem found in an XML document, with the position where the parser noticed it.
///
/// `description` reads like a compiler message, so a list of diagnostics prints one problem per line:
///
///     report.html:12:7: Element div is not declared in p list of possible children
///
/// The position is where libxml2 was reading when it found the problem. For a content-model error
/// that is usually just after the end tag of the element whose content is wrong.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Sendable, Hashable {
        /// Worth reading, but the document still passes.
        case warning
        /// The document fails: it is not well-formed, not valid, or could not be checked.
        case error
    }

    /// The document name given to the check, or the path of another file (a DTD) the problem is in.
    public var file: String
    /// The line, counted from 1; 0 when libxml2 gave no position.
    public var line: Int
    /// The column, counted from 1; 0 when libxml2 gave no column.
    public var column: Int
    /// Whether the problem makes the document fail.
    public var severity: Severity
    /// What is wrong, on one line, without a trailing newline.
    public var message: String

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - file: The document name (or the file the problem is in).
    ///   - line: The line, from 1; 0 if unknown.
    ///   - column: The column, from 1; 0 if unknown.
    ///   - severity: Whether the problem makes the document fail.
    ///   - message: What is wrong.
    public init(file: String, line: Int, column: Int, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `file:line:column: message`, with `warning: ` before the message of a warning and the
    /// position parts left out when they are unknown.
    public var description: String {
        var text = file
        if line > 0 {
            text += ":\(line)"
            if column > 0 {
                text += ":\(column)"
            }
        }
        text += ": "
        if severity == .warning {
            text += "warning: "
        }
        return text + message
    }
}
