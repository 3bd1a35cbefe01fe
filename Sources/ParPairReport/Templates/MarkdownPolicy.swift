import CommonMark
import Foundation
import PrintableText

/// The check of Markdown as CommonMark reads it: the text is parsed by libcmark (``CommonMarkDocument``) and
/// every node is judged by an allow-list. Text, headings, lists, quotes, code, emphasis and breaks stay; a link
/// stays when the destination cmark made of it (a reference's definition, entities and backslash escapes
/// resolved: `java&#115;cript:` is `javascript:`) is an `http:`, `https:`, `mailto:` or `#anchor` link, as in
/// HTML; images (they load their URL) and raw HTML, blocks and inlines alike (`<![CDATA[`, `<script>`, any tag: a
/// viewer may render it live), are refused. A template's text is judged with its Mustache tags read as plain
/// words on the lines and columns they were written at; a destination a tag starts is judged once rendered.
enum MarkdownPolicy {
    /// The most characters of a refused node's text a violation shows.
    static let shownLength = 60

    /// The problems in rendered text, named after `templateName`.
    static func violations(in text: String, templateName: String) -> [PolicyViolation] {
        violations(in: text, source: templateName + " (rendered)", template: false)
    }

    /// The problems in `text`, named after `source`; `template` when it is a template's text.
    static func violations(in text: String, source: String, template: Bool) -> [PolicyViolation] {
        let markdown = template ? MarkupScanner.maskingMustache(text) : text
        var found: [PolicyViolation] = []
        CommonMarkDocument(markdown).walk { node in
            guard found.count < PolicyViolation.maximumCount else { return }
            var node = node
            // Raw HTML is shown as the template wrote it, Mustache tags and all.
            if template, let literal = node.literal { node.literal = unmasked(literal, line: node.line, column: node.column, in: text) }
            guard let (element, reason) = problem(with: node, template: template) else { return }
            found.append(PolicyViolation(source: source, line: node.line, column: node.column, element: element, reason: reason))
        }
        return found
    }

    /// The first line of `literal` as `source` holds it at `line` and `column` (bytes): the mask keeps every byte
    /// of a template where it was.
    static func unmasked(_ literal: String, line: Int, column: Int, in source: String) -> String {
        let length = literal.utf8.prefix { $0 != 10 && $0 != 13 }.count
        let lines = source.utf8.split(separator: 10, maxSplits: line, omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count, column >= 1 else { return literal }
        let text = lines[line - 1]
        let start = text.index(text.startIndex, offsetBy: column - 1, limitedBy: text.endIndex) ?? text.endIndex
        let end = text.index(start, offsetBy: length, limitedBy: text.endIndex) ?? text.endIndex
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    /// What is wrong with one node, as `(what it is, with its text; why)`; nil when it may stay.
    static func problem(with node: MarkdownNode, template: Bool) -> (String, String)? {
        switch node.kind {
        case .document, .blockQuote, .list, .item, .codeBlock, .paragraph, .heading, .thematicBreak, .text, .softBreak, .lineBreak,
             .code, .emphasis, .strong:
            return nil
        case .link:
            let destination = node.destination ?? ""
            if template && MarkupPolicy.startsWithTag(destination) || ElementAllowList.isPlainLink(destination) { return nil }
            return ("link to \(shown(destination))", "only http:, https:, mailto: and #anchor links are allowed")
        case .image:
            return ("image of \(shown(node.destination ?? ""))", "Markdown output holds no images: an image loads its URL")
        case .htmlBlock, .htmlInline:
            return (shown(node.literal ?? ""), "raw HTML is not allowed in Markdown: a viewer may render it live (write `\\<` for a `<` in text)")
        case .customBlock, .customInline, .unknown:
            return (node.kind.rawValue, "not a CommonMark node a report uses")
        }
    }

    /// A refused node's text for a one-line message: its first line, shortened, every control character escaped.
    static func shown(_ text: String) -> String {
        let line = text.prefix { $0 != "\n" && $0 != "\r" }
        let short = line.count > shownLength ? line.prefix(shownLength) + "…" : line
        return "'" + PrintableText.escaped(String(short)) + "'"
    }

    /// Checks rendered text.
    /// - Throws: `ReportError.unsafeDocument`.
    static func check(_ text: String, templateName: String) throws {
        let found = violations(in: text, templateName: templateName)
        if !found.isEmpty { throw ReportError.unsafeDocument(found) }
    }

    /// Checks a rendered file (the staged output, before it replaces anything).
    /// - Throws: `ReportError.unsafeDocument`, or `DeliveryError.writeFailed` when it cannot be read back.
    static func check(fileAt path: String, templateName: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DeliveryError.writeFailed("cannot read back the Markdown to check it")
        }
        try check(String(decoding: data, as: UTF8.self), templateName: templateName)
    }
}
