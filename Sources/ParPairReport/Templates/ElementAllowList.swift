/// The elements and attributes a report may hold, and what their values may say: the XHTML 1.0 Strict
/// elements that show text, tables, lists, links and images, and nothing that loads, embeds, runs or submits.
/// Whatever is not listed is refused, so a new way to load something is refused before anyone knows of it.
enum ElementAllowList {
    /// Where a tag was found: the rendered XHTML (parsed by libxml2, values final) or an HTML template's text
    /// (values may hold Mustache tags whose data decides them).
    enum Context: Equatable {
        case document
        case htmlTemplate

        var isTemplate: Bool { self == .htmlTemplate }
    }

    /// Attributes every allowed element may carry (XHTML's core and i18n attributes; `style` is checked as CSS).
    static let common: Set<String> = ["id", "class", "title", "style", "lang", "xml:lang", "dir"]

    /// Each allowed element and the attributes it may carry besides ``common``.
    static let elements: [String: Set<String>] = {
        let cell: Set<String> = ["abbr", "axis", "headers", "scope", "rowspan", "colspan", "align", "char", "charoff", "valign"]
        let rows: Set<String> = ["align", "char", "charoff", "valign"]
        var table: [String: Set<String>] = [
            "html": ["xmlns"], "head": [], "title": [], "body": [],
            "meta": ["http-equiv", "content", "name"],
            "style": ["type", "media", "xml:space"],
            "table": ["summary", "width", "border", "frame", "rules", "cellspacing", "cellpadding"],
            "caption": [], "thead": rows, "tbody": rows, "tfoot": rows, "tr": rows, "th": cell, "td": cell,
            "col": rows.union(["span", "width"]), "colgroup": rows.union(["span", "width"]),
            "img": ["src", "alt", "width", "height"],
            "a": ["href", "name", "hreflang", "type", "charset"],
            "pre": ["xml:space"], "ins": ["datetime"], "del": ["datetime"],
        ]
        for name in ["div", "p", "span", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "br", "hr", "em",
                     "strong", "b", "i", "small", "big", "sub", "sup", "code", "kbd", "samp", "var", "tt", "abbr", "acronym", "cite",
                     "dfn", "q", "blockquote", "address", "bdo"] {
            table[name] = []
        }
        return table
    }()

    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    /// The problem with one element (its name as written, lowercased outside the rendered document) and its
    /// attributes (values with references decoded), as `(element shown, reason)`; nil when it may stay.
    static func judge(element: String, attributes: [(name: String, value: String)], context: Context) -> (String, String)? {
        guard let allowed = elements[element] else {
            return ("<\(element)>", "the element is not one a report uses (nothing that loads, embeds, runs or submits)")
        }
        for (name, value) in attributes {
            let shown = "<\(element) \(name)>"
            guard common.contains(name) || allowed.contains(name) else {
                return (shown, name.hasPrefix("on") ? "an event attribute runs script" : "the attribute is not one a report uses")
            }
            let deferred = context.isTemplate && MarkupPolicy.startsWithTag(value)
            switch name {
            case "src":
                if deferred { continue }
                guard isToolImage(value) else { return (shown, "only the data: images the tool makes may be a src") }
            case "href":
                if deferred { continue }
                guard isPlainLink(value) else { return (shown, "only http:, https:, mailto: and #anchor links are allowed") }
            case "style":
                if let problem = StyleSheetPolicy.problem(value) { return (shown, problem) }
            case "http-equiv":
                guard value.lowercased() == "content-type" else { return ("<meta http-equiv>", "only the Content-Type http-equiv is allowed") }
            case "xmlns":
                guard value == xhtmlNamespace || deferred else { return (shown, "only the XHTML namespace is allowed") }
            default:
                continue
            }
        }
        if element == "meta", let problem = charsetProblem(attributes, context: context) { return ("<meta content>", problem) }
        return nil
    }

    /// A Content-Type that names a charset other than UTF-8: a browser would decode the report's UTF-8 bytes as that
    /// charset, so names and words would read otherwise than they were checked.
    private static func charsetProblem(_ attributes: [(name: String, value: String)], context: Context) -> String? {
        guard attributes.contains(where: { $0.name == "http-equiv" && $0.value.lowercased() == "content-type" }),
              let content = attributes.first(where: { $0.name == "content" })?.value,
              !(context.isTemplate && MarkupPolicy.startsWithTag(content)) else { return nil }
        let parts = content.lowercased().split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let charsets = parts.filter { $0.hasPrefix("charset=") }.map { $0.dropFirst("charset=".count) }
        guard charsets.allSatisfy({ $0 == "utf-8" || $0 == "\"utf-8\"" }) else {
            return "the report is UTF-8; a Content-Type may name charset=utf-8 and no other"
        }
        return nil
    }

    /// The images the tool makes: SVG and PNG `data:` URLs.
    static func isToolImage(_ value: String) -> Bool {
        let lower = trimmed(value).lowercased()
        return lower.hasPrefix("data:image/svg+xml") || lower.hasPrefix("data:image/png")
    }

    /// A link a reader follows and nothing fetches: `https:`, `http:`, `mailto:` or a `#fragment` of the report
    /// (an HTML `href` or a Markdown destination). Allowed by prefix, so `java\tscript:` or ` file:` is refused.
    static func isPlainLink(_ value: String) -> Bool {
        let lower = trimmed(value).lowercased()
        return lower.hasPrefix("#") || lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:")
    }

    private static func trimmed(_ value: String) -> String {
        String(value.unicodeScalars.drop { $0.value <= 0x20 })
    }
}
