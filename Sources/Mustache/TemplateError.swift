/// A problem with a template: a parse error, a partial that cannot be used, or rendering that went too deep.
///
/// `description` names the template, the 1-based line and column and shows the line with a caret, ready to
/// print:
///
///     report.html.mustache:12:3: error: unclosed section 'weeks': no '{{/weeks}}' follows
///      12 |   {{#weeks}}
///         |   ^
///
/// Errors not tied to a place in a template (a file too large to read, for example) have no location and
/// print on one line: `report.html.mustache: error: …`.
public struct TemplateError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// An opening delimiter without its closing delimiter.
        case unclosedTag(opening: String, closing: String)
        /// A section, inverted section, parent or block that is never closed; `closingTag` is the missing tag.
        case unclosedSection(name: String, closingTag: String)
        /// A close tag whose name is not the innermost open section's.
        case mismatchedClose(found: String, open: String, openLine: Int, openColumn: Int)
        /// A close tag with no open section.
        case unopenedClose(name: String)
        /// A set-delimiter tag that is not `{{=open close=}}` with two delimiters free of spaces and `=`.
        case badDelimiters(tag: String)
        /// A tag with no name, such as `{{}}` or `{{#}}`.
        case emptyTag(tag: String)
        /// A name that contains whitespace or an empty part (`a..b`).
        case invalidName(String)
        /// Sections nested deeper than the parser allows.
        case nestingTooDeep(limit: Int)
        /// A partial or parent that no source provides (strict rendering only); `tried` lists the names looked up.
        case missingPartial(name: String, tried: [String])
        /// A partial name that could reach outside the template folder: absolute, with `..`, or with `\`.
        case partialNameNotAllowed(name: String)
        /// A partial file that resolves (through a symbolic link) outside the template folder.
        case partialOutsideFolder(name: String, resolvedPath: String)
        /// A template file over the size limit.
        case fileTooLarge(path: String, size: Int, limit: Int)
        /// A template file that cannot be read.
        case unreadable(path: String, message: String)
        /// A template file whose bytes are not UTF-8.
        case notUTF8(path: String)
        /// Partials, parents, blocks, sections or lambdas nested deeper than ``RenderOptions/maximumDepth``,
        /// usually a partial that includes itself without end; `tag` is the tag where it happened.
        case renderingTooDeep(tag: String, limit: Int)
        /// The output grew past ``RenderOptions/maximumOutputSize`` bytes: nested sections multiply.
        case outputTooLarge(limit: Int)
        /// The render did more than ``RenderOptions/maximumWork`` units of work, stopped at this section.
        case tooMuchWork(section: String, limit: Int)
    }

    /// What went wrong.
    public let reason: Reason
    /// The name of the template the error is in (as given to ``Template/init(source:name:format:)``, or a
    /// partial's name from its ``PartialSource``).
    public let templateName: String
    /// Where in that template, when the error is tied to a tag.
    public let location: SourceLocation?

    /// An error for `reason` in the template `templateName`, at `location` when tied to a tag.
    public init(_ reason: Reason, templateName: String, location: SourceLocation? = nil) {
        self.reason = reason
        self.templateName = templateName
        self.location = location
    }

    init(_ reason: Reason, in template: Template, at offset: Int) {
        self.init(reason, templateName: template.name, location: SourceLocation(offset: offset, in: template.source))
    }

    /// The reason as one sentence, without name or location.
    public var message: String {
        switch reason {
        case .unclosedTag(let opening, let closing):
            "unclosed tag: '\(opening)' has no matching '\(closing)'"
        case .unclosedSection(let name, let closingTag):
            "unclosed section '\(name)': no '\(closingTag)' follows"
        case .mismatchedClose(let found, let open, let openLine, let openColumn):
            "close tag '\(found)' does not match the open section '\(open)' (opened at \(openLine):\(openColumn))"
        case .unopenedClose(let name):
            "close tag '\(name)' has no open section to close"
        case .badDelimiters(let tag):
            "bad delimiter change '\(tag)': write two delimiters without spaces or '=', separated by a space, "
                + "as in {{=<% %>=}}"
        case .emptyTag(let tag):
            "empty tag '\(tag)': a name is missing"
        case .invalidName(let name):
            "invalid name '\(name)': names cannot contain spaces or empty parts"
        case .nestingTooDeep(let limit):
            "sections nested more than \(limit) levels deep"
        case .missingPartial(let name, let tried):
            "partial '\(name)' not found (looked for \(tried.joined(separator: ", ")))"
        case .partialNameNotAllowed(let name):
            "partial name '\(name)' is not allowed: partials come only from inside the template folder "
                + "(no absolute paths, no '..')"
        case .partialOutsideFolder(let name, let resolvedPath):
            "partial '\(name)' leads outside the template folder (to \(resolvedPath))"
        case .fileTooLarge(let path, let size, let limit):
            "template file '\(path)' is \(size) bytes, over the limit of \(limit) bytes"
        case .unreadable(let path, let message):
            "cannot read template file '\(path)': \(message)"
        case .notUTF8(let path):
            "template file '\(path)' is not valid UTF-8"
        case .renderingTooDeep(let tag, let limit):
            "rendering nested more than \(limit) levels deep at '\(tag)'; does a partial include itself without end?"
        case .outputTooLarge(let limit):
            "the output grew past \(limit) bytes; do nested sections multiply each other without end?"
        case .tooMuchWork(let section, let limit):
            "rendering did more than \(limit) section passes and lookups, stopped in section '\(section)'; "
                + "do nested sections multiply each other without end?"
        }
    }

    /// `name:line:column: error: message` and the line with a caret, or `name: error: message`.
    public var description: String {
        guard let location else {
            return "\(templateName): error: \(message)"
        }
        return "\(templateName):\(location.line):\(location.column): error: \(message)\n\(location.snippet)"
    }
}
