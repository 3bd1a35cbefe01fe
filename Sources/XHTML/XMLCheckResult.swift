/// What a check of one XML document found: every problem with its position, and the verdict.
///
/// `description` lists every diagnostic, one per line. Use ``throwIfFailed()`` to turn a failed
/// check into an ``XMLCheckError``.
public struct XMLCheckResult: Sendable, CustomStringConvertible {
    /// The verdict of a check.
    public enum Outcome: Sendable, Hashable {
        /// No errors (there may be warnings).
        case passed
        /// The document has errors: it is not well-formed, not valid, or of the wrong type.
        case failed
        /// The DTD could not be loaded offline, so validity is unknown. A problem of the
        /// machine, not of the document.
        case dtdUnavailable(UnavailableDTD)
        /// The document is larger than the check accepts; it was not parsed.
        case inputTooLarge(byteCount: Int, limit: Int)
    }

    /// The name the document was checked under, used in every diagnostic about it.
    public let documentName: String
    /// What the document was checked to be, such as `valid XHTML 1.0 Strict` or `well-formed XML`.
    public let requirement: String
    /// The verdict.
    public let outcome: Outcome
    /// Every problem, errors and warnings, in document order (line, column), otherwise in the order
    /// libxml2 raised them; the same document always gives the same list.
    public let diagnostics: [Diagnostic]

    init(documentName: String, requirement: String, outcome: Outcome, diagnostics: [Diagnostic]) {
        self.documentName = documentName
        self.requirement = requirement
        self.outcome = outcome
        self.diagnostics = diagnostics
    }

    /// Whether the document passed: no errors, the DTD was available and the input was not too large.
    public var passed: Bool { outcome == .passed }

    /// The problems that make the document fail.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The problems that do not make the document fail.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// Every diagnostic as `file:line:column: message`, one per line; empty when there is none.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// Throws unless the document passed.
    ///
    /// - Throws: ``XMLCheckError`` carrying this result, when ``passed`` is false.
    public func throwIfFailed() throws(XMLCheckError) {
        if !passed {
            throw XMLCheckError(result: self)
        }
    }
}
