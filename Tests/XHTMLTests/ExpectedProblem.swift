import XHTML

/// A diagnostic a test expects: position, severity and message text.
struct ExpectedProblem: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String
    var severity: Diagnostic.Severity = .error

    init(_ line: Int, _ column: Int, _ message: String, severity: Diagnostic.Severity = .error) {
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    init(_ diagnostic: Diagnostic) {
        self.init(diagnostic.line, diagnostic.column, diagnostic.message, severity: diagnostic.severity)
    }

    var description: String { "\(line):\(column): \(severity): \(message)" }
}
