/// One thing a report may not hold: where it is and what it is.
///
/// A report loads nothing from outside itself and runs nothing: the rules are an allow-list of elements,
/// attributes, links and CSS (``ElementAllowList``, ``StyleSheetPolicy``), judged on a user's template and its
/// partials (``TemplateSourcePolicy``), on the XHTML as libxml2 parses it for validation (``DocumentAllowList``)
/// and on Markdown as libcmark parses it, a template's and rendered (``MarkdownPolicy``).
public struct PolicyViolation: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template, or the rendered document's template with "(rendered)".
    public var source: String
    public var line: Int
    /// The 1-based column in bytes, where the check knows it (Markdown, as libcmark reads it).
    public var column: Int?
    /// The element, as written: `<object>`, `<img src>`, `<style>`.
    public var element: String
    public var reason: String

    public init(source: String, line: Int, column: Int? = nil, element: String, reason: String) {
        self.source = source
        self.line = line
        self.column = column
        self.element = element
        self.reason = reason
    }

    public var description: String {
        "\(source):\(line)\(column.map { ":\($0)" } ?? ""): \(element): \(reason); a report may load nothing from outside itself (only its own data: images) "
            + "and run no script, so nothing was written"
    }

    /// The most violations one check collects.
    static let maximumCount = 50
}
