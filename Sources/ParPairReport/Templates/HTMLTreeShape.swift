import XHTML

/// The markup that an HTML parser builds into a different tree from the one libxml2 read, however it is written: a
/// browser reads `report.html` as HTML. What only the writing changes (a self-closing `<div/>`, an end tag `</br>`) the
/// file never holds: a user's report is shipped as the tree that was checked, written as HTML reads it back
/// (`XHTML.HTMLWriter`). What remains is refused in a template's text (``MarkupPolicy``) and in the rendered document
/// (``DocumentAllowList``):
/// - a `<tr>` or `<col>` directly inside `<table>`: HTML puts it in a `<tbody>` or `<colgroup>` of its own;
/// - an `<a>` inside an `<a>`: HTML closes the outer link first.
///
/// Fed every start and end of an element in document order, it keeps the open elements to judge a tag's parent.
struct HTMLTreeShape {
    /// The elements open at this point, outermost first (void elements are never open).
    private var open: [String] = []

    /// The problems with a start tag (`name` lowercased, as HTML matches names), as `(element shown, reason)`, and
    /// the element entered.
    /// - Parameter selfClosing: written `<name/>` (an element then entered and left at once).
    mutating func start(_ name: String, selfClosing: Bool) -> [(String, String)] {
        var problems: [(String, String)] = []
        if let parent = open.last, parent == "table", let wrapper = ["tr": "tbody", "col": "colgroup"][name] {
            problems.append(("<\(name)>", Self.browser + "it puts a <\(name)> directly inside <table> in a <\(wrapper)> of "
                + "its own; write the <\(wrapper)>" + (name == "tr" ? " (or <thead>, <tfoot>)" : "")))
        }
        if name == "a", open.contains("a") {
            problems.append(("<a>", Self.browser + "an <a> inside an <a> closes the outer link first"))
        }
        if !HTMLSyntax.voidElements.contains(name), !selfClosing { open.append(name) }
        return problems
    }

    /// An end tag, or the end of an element the parser read: closes `name` and what is open inside it.
    mutating func end(_ name: String) {
        if let index = open.lastIndex(of: name) { open.removeSubrange(index...) }
    }

    private static let browser = "a browser reads the report as HTML, where "
}
