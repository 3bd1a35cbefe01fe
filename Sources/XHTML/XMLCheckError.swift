/// A check that did not pass, as an error. Its `description` says what went wrong and then lists
/// every problem as `file:line:column: message`, one per line.
///
///     report.html is not valid XHTML 1.0 Strict (2 errors):
///     report.html:7:46: Element div is not declared in p list of possible children
///     report.html:9:8: Element body content does not follow the DTD, …
///
/// Switch on `result.outcome` to tell a bad document (`.failed`) from a machine without the DTD
/// (`.dtdUnavailable`).
public struct XMLCheckError: Error, CustomStringConvertible, Sendable {
    /// The result of the failed check.
    public let result: XMLCheckResult

    /// Creates the error for a result that did not pass.
    ///
    /// - Parameter result: The result of the check.
    public init(result: XMLCheckResult) {
        self.result = result
    }

    /// A summary line, then every diagnostic on a line of its own.
    public var description: String {
        let name = result.documentName
        let summary: String
        switch result.outcome {
        case .passed:
            summary = "\(name) is \(result.requirement)"
        case .failed:
            let count = result.errors.count
            summary = "\(name) is not \(result.requirement) (\(count) \(count == 1 ? "error" : "errors")):"
        case .dtdUnavailable(let dtd):
            summary = "cannot check that \(name) is \(result.requirement): \(dtd)"
        case .inputTooLarge(let byteCount, let limit):
            summary = "\(name) is \(byteCount) bytes; documents over \(limit) bytes are not checked"
        }
        guard !result.diagnostics.isEmpty, result.outcome != .passed else {
            return summary
        }
        if case .inputTooLarge = result.outcome {
            return summary
        }
        return summary + "\n" + result.description
    }
}
