import XHTML

/// The allow-list walked over the rendered XHTML as libxml2 parses it for validation, in the same pass: every
/// element with its attributes (references already replaced by the parser, so nothing is hidden in `&#104;`),
/// each `<style>`'s text as CSS, every processing instruction, each start tag an HTML parser builds into another tree
/// (``HTMLTreeShape``), what the tree cannot be written as HTML reads it back (`XMLEvent.unwritable`), and any
/// internal-subset declaration. The tree walked is the tree shipped (`XHTML.HTMLWriter`), comments left out and
/// CDATA sections as escaped text: what the browser or PDF engine will read is what is judged.
struct DocumentAllowList: XMLVisitor {
    /// The name violations carry: the template's, with "(rendered)".
    let source: String
    private(set) var violations: [PolicyViolation] = []
    private var shape = HTMLTreeShape()

    init(templateName: String) {
        source = templateName + " (rendered)"
    }

    var elementsWithText: Set<String> { ["style"] }
    var wantsStartTags: Bool { true }

    mutating func visit(_ event: XMLEvent) {
        switch event {
        case .element(let element):
            shape.end(element.name)
            if let (shown, reason) = ElementAllowList.judge(
                element: element.name, attributes: element.attributes.map { ($0.name, $0.value) }, context: .document) {
                report(element.line, shown, reason)
            } else if element.name == "style", let problem = StyleSheetPolicy.problem(element.text ?? "") {
                report(element.line, "<style>", problem)
            }
        case .instruction(let target, let line):
            report(line, "<?\(target)?>", "a processing instruction (such as xml-stylesheet) loads something")
        case .internalSubset(let line):
            report(line, "<!DOCTYPE [ ]>", "an internal subset can declare entities that read files")
        case .comment, .cdata:
            break  // not shipped as written: comments are left out, a CDATA section's text is escaped
        case .unwritable(let element, let line, let reason):
            report(line, element, reason)
        case .startTag(let name, let line, _, _):
            // `<div/>` is the element `<div></div>` to the parser, which ends it (`.element`) as any other.
            let problems = shape.start(name, selfClosing: false)
            // An element not allowed is refused as such once it ends.
            guard ElementAllowList.elements[name] != nil else { break }
            for (shown, reason) in problems { report(line, shown, reason) }
        }
    }

    private mutating func report(_ line: Int, _ element: String, _ reason: String) {
        guard violations.count < PolicyViolation.maximumCount else { return }
        violations.append(PolicyViolation(source: source, line: line, element: element, reason: reason))
    }

    /// Throws what was found.
    /// - Throws: `ReportError.unsafeDocument`.
    func throwIfViolated() throws {
        if !violations.isEmpty { throw ReportError.unsafeDocument(violations) }
    }
}
