import Foundation

/// The check of rendered Markdown, whatever the template did: the raw HTML in it loads nothing (no `<img>`, no
/// `src`, no `<iframe>`, `<link>` or `<object>`: the allow-list of ``ElementAllowList`` for Markdown), no image
/// (`![…](…)`), and no link or autolink to a `javascript:`, `vbscript:`, `file:` or `data:` URL. Text the
/// tool escaped (`\<`) is text. A tag left open at the end is refused: a viewer would read it to the end.
enum MarkdownPolicy {
    /// The problems in `text`, named after `templateName`.
    static func violations(in text: String, templateName: String) -> [PolicyViolation] {
        MarkupPolicy.violations(in: text, source: templateName + " (rendered)", context: .markdown)
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
