/// A Mustache template, parsed once into an immutable value and rendered any number of times.
///
/// Supports the whole Mustache specification (interpolation, sections, inverted sections, comments,
/// partials, set delimiters) and its optional inheritance (`{{<parent}}` with `{{$block}}` overrides),
/// dynamic names (`{{>*name}}`) and lambdas (``MustacheLambda``).
///
/// ```swift
/// let template = try Template(source: "Hello {{name}}!", name: "greeting.html.mustache")
/// let text = try template.render(["name": "Ada & Bob"])   // "Hello Ada &amp; Bob!"
/// ```
///
/// Parse errors are ``TemplateError`` values naming the template, line and column.
///
/// Behaviour the specification leaves open, as decided here:
/// - A standalone partial or parent tag indents each line its template text starts, like the spec's
///   "prepended to each line", except that empty lines stay empty (no trailing whitespace), and lines of a
///   partial included inline within an indented one are indented too.
/// - `null`, `false`, `""` and `[]` are falsey; `0` is truthy. Numbers print as ``MustacheValue/text`` says.
/// - An interpolated lambda's result is rendered unescaped and then escaped once as a whole.
/// - A dynamic name (`{{>*name}}`) that resolves to nothing renders nothing, even when rendering is strict.
/// - Text and tags inside a parent tag but outside its blocks are parsed (so they must be well-formed) and
///   ignored. If a parent tag holds two blocks of the same name, the first wins.
public struct Template: Sendable {
    /// The name used in error messages and to infer ``format`` (usually the file name or path).
    public let name: String
    /// How `{{name}}` escapes values unless ``RenderOptions/format`` says otherwise.
    public let format: OutputFormat
    /// The template text.
    public let source: String
    /// Every tag that can render, in document order, including those inside sections and blocks. Comments,
    /// set-delimiter and close tags are left out, and so is anything inside a parent tag but outside its blocks
    /// (it never renders).
    public let tags: [TemplateTag]
    let nodes: [TemplateNode]

    /// Parses `source`.
    ///
    /// - Parameters:
    ///   - source: The template text.
    ///   - name: Used in error messages and, when `format` is nil, to infer the format from the extension
    ///     before `.mustache` (`report.html.mustache` → ``OutputFormat/html``).
    ///   - format: The escaping for `{{name}}`. When nil: inferred from `name`, else ``OutputFormat/html``,
    ///     Mustache's traditional (and safest) default.
    /// - Throws: ``TemplateError`` for an unclosed tag or section, a mismatched close tag, a bad delimiter
    ///   change, an empty or invalid name, or sections nested more than 100 deep.
    public init(source: String, name: String = "template", format: OutputFormat? = nil) throws {
        try self.init(source: source, name: name, format: format, delimiters: .standard)
    }

    init(source: String, name: String, format: OutputFormat?, delimiters: Delimiters) throws {
        self.name = name
        self.format = format ?? OutputFormat(templateName: name) ?? .html
        self.source = source
        (nodes, tags) = try TemplateParser.parse(source: source, name: name, delimiters: delimiters)
    }

    /// The unprocessed text in a UTF-8 byte range of ``source``.
    func sourceText(_ range: Range<Int>) -> String {
        UTF8Bytes.with(source) { UTF8Bytes.string($0, range) }
    }
}
