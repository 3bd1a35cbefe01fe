/// The markup that an HTML parser builds into a different tree from the one libxml2 read: the report is written as
/// XHTML and checked as XML, but a browser reads `report.html` as HTML. Refused in a template's text
/// (``MarkupPolicy``) and in the rendered document (``DocumentAllowList``), so the tree a browser builds is the tree
/// that was checked:
/// - a non-void element written self-closing (`<div/>`, `<title/>`): HTML ignores the `/`, and what follows becomes
///   its content;
/// - an end tag of a void element (`</br>`, `</img>`): HTML reads `</br>` as a second `<br>` and drops the others;
/// - a `<tr>` or `<col>` directly inside `<table>`: HTML puts it in a `<tbody>` or `<colgroup>` of its own;
/// - an `<a>` inside an `<a>`: HTML closes the outer link first.
///
/// Fed every start and end of an element in document order, it keeps the open elements to judge a tag's parent.
struct HTMLTreeShape {
    /// HTML's void elements: they have no content and no end tag.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// The elements open at this point, outermost first (void elements are never open).
    private var open: [String] = []

    /// The problems with a start tag (`name` lowercased, as HTML matches names), as `(element shown, reason)`, and
    /// the element entered.
    /// - Parameter selfClosing: written `<name/>`.
    mutating func start(_ name: String, selfClosing: Bool) -> [(String, String)] {
        var problems: [(String, String)] = []
        let isVoid = Self.voidElements.contains(name)
        if selfClosing, !isVoid {
            problems.append(("<\(name)/>", Self.browser + "it ignores the '/' of a self-closing <\(name)/> and what follows "
                + "becomes its content; write <\(name)></\(name)>"))
        }
        if let parent = open.last, parent == "table", let wrapper = ["tr": "tbody", "col": "colgroup"][name] {
            problems.append(("<\(name)>", Self.browser + "it puts a <\(name)> directly inside <table> in a <\(wrapper)> of "
                + "its own; write the <\(wrapper)>" + (name == "tr" ? " (or <thead>, <tfoot>)" : "")))
        }
        if name == "a", open.contains("a") {
            problems.append(("<a>", Self.browser + "an <a> inside an <a> closes the outer link first"))
        }
        if !isVoid, !selfClosing { open.append(name) }
        return problems
    }

    /// An end tag, or the end of an element the parser read: closes `name` and what is open inside it.
    mutating func end(_ name: String) {
        if let index = open.lastIndex(of: name) { open.removeSubrange(index...) }
    }

    /// The problem with an end tag of a void element, as `(element shown, reason)`; nil for any other.
    static func endTagProblem(_ name: String) -> (String, String)? {
        guard voidElements.contains(name) else { return nil }
        return ("</\(name)>", browser + "it has no end tag for the void element <\(name)> (it reads </br> as a second "
            + "<br> and drops the others); write <\(name)/>")
    }

    private static let browser = "a browser reads the report as HTML, where "
}
