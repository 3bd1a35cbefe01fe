/// Sees a document as libxml2 parses it, in the same pass as its check: each start tag, each element once its
/// content is parsed, processing instructions, comments, CDATA sections, and declarations in the DOCTYPE's internal
/// subset. What a
/// visitor concludes is its own (an allow-list of elements, where a start tag ends); the check's verdict is
/// unchanged by it.
///
///     struct Counter: XMLVisitor {
///         var images = 0
///         mutating func visit(_ event: XMLEvent) {
///             if case .element(let element) = event, element.name == "img" { images += 1 }
///         }
///     }
///     var counter = Counter()
///     let result = XHTMLValidator().validate(page, name: "page.html", visitor: &counter)
public protocol XMLVisitor {
    /// Elements (qualified names, `style`) whose character content ``XMLVisitedElement/text`` carries; the
    /// others' is nil, so a large document is not copied out text by text.
    var elementsWithText: Set<String> { get }
    /// Whether ``XMLEvent/startTag(name:line:endOffset:isEmptyElementTag:)`` events are wanted.
    var wantsStartTags: Bool { get }
    /// Called on the parsing thread, in document order (an element after its children).
    mutating func visit(_ event: XMLEvent)
}

extension XMLVisitor {
    public var elementsWithText: Set<String> { [] }
    public var wantsStartTags: Bool { false }
}

/// One thing a visitor is shown.
public enum XMLEvent: Sendable, Equatable {
    /// A start tag was read: the element's qualified name, its line, the byte offset in the input of the
    /// `>` that ends the tag (of the `/` of an empty element's `/>`), and whether it is an empty-element tag
    /// (`<br/>`, `<div/>`: the same element as `<div></div>` to XML, not to an HTML parser).
    case startTag(name: String, line: Int, endOffset: Int, isEmptyElementTag: Bool)
    /// An element whose content has been parsed (and, when validating, checked), before it is dropped.
    case element(XMLVisitedElement)
    /// A processing instruction (`<?xml-stylesheet …?>`) in the document; the XML declaration is none.
    case instruction(target: String, line: Int)
    /// The DOCTYPE's internal subset declares something (an entity, an element, an attribute list).
    case internalSubset(line: Int)
    /// A comment in the document (`<!-- … -->`).
    case comment(line: Int)
    /// A CDATA section in the document (`<![CDATA[ … ]]>`).
    case cdata(line: Int)
    /// When the document is also written as HTML reads it back: an element that cannot be written so (`<style>`
    /// text that holds `</`), shown as `<style>`, and why. What is written is then not the tree that was parsed.
    case unwritable(element: String, line: Int, reason: String)
}

/// An element as the parser built it.
public struct XMLVisitedElement: Sendable, Equatable {
    /// The qualified name, as written (`p`, `svg:rect`).
    public var name: String
    /// The line of its start tag.
    public var line: Int
    /// Its attributes, then its namespace declarations (`xmlns`, `xmlns:svg`), in document order: qualified
    /// names, values with character and entity references replaced.
    public var attributes: [XMLAttribute]
    /// Its direct character content (text, CDATA, entity replacement text), only for
    /// ``XMLVisitor/elementsWithText``.
    public var text: String?

    public init(name: String, line: Int, attributes: [XMLAttribute], text: String? = nil) {
        self.name = name
        self.line = line
        self.attributes = attributes
        self.text = text
    }
}

/// One attribute of a ``XMLVisitedElement``.
public struct XMLAttribute: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A visitor as the parse session holds it: what it asks for, and the call that reaches it.
struct VisitHooks {
    var elementsWithText: Set<String>
    var wantsStartTags: Bool
    var visit: (XMLEvent) -> Void
    /// Writes the tree as HTML reads it back, if it is wanted.
    var html: HTMLWriter?

    /// Runs `body` with hooks that forward to a copy of `visitor`, then stores the copy back.
    /// With `html`, the tree is also written as HTML reads it back (``HTMLWriter``), into `html` a chunk at a time.
    static func with<Visitor: XMLVisitor, Result>(
        _ visitor: inout Visitor, html: (([UInt8]) -> Void)? = nil, _ body: (VisitHooks) -> Result
    ) -> Result {
        var copy = visitor
        var hooks = VisitHooks(elementsWithText: copy.elementsWithText, wantsStartTags: copy.wantsStartTags) { copy.visit($0) }
        hooks.html = html.map { HTMLWriter(sink: $0, refuse: hooks.visit) }
        let result = body(hooks)
        hooks.html?.finish()
        visitor = copy
        return result
    }
}
