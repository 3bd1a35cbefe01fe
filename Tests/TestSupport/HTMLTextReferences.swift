/// How text differs between a report as a template renders it and as the HTML writer ships it (the tree that was
/// checked, `XHTML.HTMLWriter`): the templates escape an apostrophe and a quotation mark in text (`&#39;`, `&quot;`),
/// the writer writes them as themselves, which every parser reads as the same characters. Inside tags (attribute
/// values) both keep `&quot;`.
public enum HTMLTextReferences {
    /// `html` with `&#39;` and `&quot;` outside tags written as `'` and `"`.
    public static func asCharacters(_ html: String) -> String {
        var result = ""
        result.reserveCapacity(html.utf8.count)
        var inTag = false
        var rest = Substring(html)
        while let first = rest.first {
            if !inTag, first == "&" {
                if rest.hasPrefix("&#39;") {
                    result.append("'")
                    rest = rest.dropFirst(5)
                    continue
                }
                if rest.hasPrefix("&quot;") {
                    result.append("\"")
                    rest = rest.dropFirst(6)
                    continue
                }
            }
            if first == "<" { inTag = true } else if first == ">" { inTag = false }
            result.append(first)
            rest = rest.dropFirst()
        }
        return result
    }
}
