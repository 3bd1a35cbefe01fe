/// The allow-list applied to markup that is not parsed XHTML: an HTML template's text (``TemplateSourcePolicy``),
/// read by ``MarkupScanner``. Elements and attributes are judged by ``ElementAllowList``, style sheets by
/// ``StyleSheetPolicy``; a tag left open at the end is refused (it runs to the end, and what it swallows would go
/// unjudged), and so are processing instructions, internal subsets and the tags an HTML parser builds into another
/// tree (``HTMLTreeShape``). Comments and CDATA sections pass: the report is shipped as the tree that was checked
/// (`XHTML.HTMLWriter`), without the comments and with a CDATA section's text escaped. (Markdown is read by libcmark:
/// ``MarkdownPolicy``.)
enum MarkupPolicy {
    /// Every problem in `text` (at most ``PolicyViolation/maximumCount``), named after `source`.
    static func violations(in text: String, source: String, context: ElementAllowList.Context) -> [PolicyViolation] {
        var scanner = MarkupScanner(text, mustache: context.isTemplate)
        var violations: [PolicyViolation] = []
        var shape = HTMLTreeShape()
        func report(_ line: Int, _ element: String, _ reason: String) {
            if violations.count < PolicyViolation.maximumCount {
                violations.append(PolicyViolation(source: source, line: line, element: element, reason: reason))
            }
        }
        scanner.scan { event in
            switch event {
            case .tag(let element, let attributes, let selfClosing, let line):
                let shapeProblems = shape.start(element, selfClosing: selfClosing)
                if let (shown, reason) = ElementAllowList.judge(element: element, attributes: attributes, context: context) {
                    report(line, shown, reason)
                } else {
                    for (shown, reason) in shapeProblems { report(line, shown, reason) }
                }
            case .closingTag(let element, let line):
                shape.end(element)
                if ElementAllowList.elements[element] == nil {
                    report(line, "</\(element)>", "the element is not one a report uses (nothing that loads, embeds, runs or submits)")
                }
            case .styleText(let css, let line):
                if let problem = StyleSheetPolicy.problem(css) { report(line, "<style>", problem) }
            case .instruction(let line):
                report(line, "<?…?>", "a processing instruction (such as xml-stylesheet) loads something")
            case .internalSubset(let line):
                report(line, "<!DOCTYPE [ ]>", "an internal subset can declare entities that read files")
            case .unfinishedTag(let element, let line):
                report(line, "<\(element)>", "an unfinished tag: it runs to the end, and what it swallows would go unchecked")
            case .comment, .cdata:
                break  // not shipped as written: comments are left out, a CDATA section's text is escaped
            }
        }
        return violations
    }

    /// Whether a template's value starts with a Mustache tag, so its data decides what it is.
    static func startsWithTag(_ value: String) -> Bool {
        value.unicodeScalars.drop { $0.value <= 0x20 }.starts(with: "{{".unicodeScalars)
    }
}
