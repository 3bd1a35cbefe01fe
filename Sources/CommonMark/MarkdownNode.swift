/// One node of a CommonMark document as libcmark parsed it: what it is, where it starts, and for links,
/// images, raw HTML, code and text what cmark made of the source (references resolved, entities and
/// backslash escapes decoded).
public struct MarkdownNode: Sendable, Equatable {
    /// The node types of CommonMark (cmark's `cmark_node_type`).
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, customBlock, paragraph, heading, thematicBreak
        case text, softBreak, lineBreak, code, htmlInline, customInline, emphasis, strong, link, image
        /// A type this version of cmark does not name (never produced by the parser as of 0.30).
        case unknown
    }

    public var kind: Kind
    /// A link's or image's destination, as a renderer would write it into `href` or `src`: a reference's
    /// definition, entities and backslash escapes resolved (`java&#115;cript:` is `javascript:`). An email
    /// autolink's destination starts with `mailto:`. Nil for other kinds.
    public var destination: String?
    /// The text of a text, code, code block, raw HTML block or raw HTML inline node; nil for other kinds.
    public var literal: String?
    /// 1-based line where the node starts (a block's line for inline nodes cmark gives no position).
    public var line: Int
    /// 1-based column, in bytes, where the node starts; 0 when cmark gives none.
    public var column: Int

    public init(kind: Kind, destination: String? = nil, literal: String? = nil, line: Int, column: Int) {
        self.kind = kind
        self.destination = destination
        self.literal = literal
        self.line = line
        self.column = column
    }
}
