import Foundation
import Mustache

/// What a report may hold: nothing that loads from outside itself, and nothing that runs.
///
/// Templates are shared between clinics and parents, and the XHTML goes to PDF engines and browsers that
/// would otherwise fetch whatever it names: a `<link>`, an `<img src>` on a local listener, an `<object>`
/// or a WeasyPrint `rel="attachment"` of `file:///etc/passwd`. So a report holds no `src`, `data`,
/// `url()`, `@import`, `<link>` or `<object>` other than the `data:` images the tool makes, no
/// `rel="attachment"`, no `file:` URL, no script and no event attribute. Plain hyperlinks
/// (`<a href="https://…">`, `mailto:`, `#anchor`) stay: they are not fetched.
///
/// The rules are checked twice: on a user's template file and the partials beside it, whatever its
/// format (an HTML report is opened by a browser, Markdown holds HTML), with the template's line; and on
/// the rendered XHTML, which is what reaches the engine, since values a template inserts unescaped
/// (`{{{…}}}`) come from the store.
public enum DocumentPolicy {
    /// One forbidden thing: where it is and what it is.
    public struct Violation: Error, Sendable, Equatable, CustomStringConvertible {
        /// The template, or the rendered document's template with "(rendered)".
        public var source: String
        public var line: Int
        /// The element, as written: `<object>`, `<img src>`, `<style> @import`.
        public var element: String
        public var reason: String

        public var description: String {
            "\(source):\(line): \(element): \(reason); a report may load nothing from outside itself (only its own data: images) "
                + "and run no script, so nothing was written"
        }
    }

    /// Elements that load, embed or run something, or submit a form.
    static let forbiddenElements: Set<String> = [
        "script", "noscript", "object", "embed", "applet", "param", "iframe", "frame", "frameset", "link", "base", "form", "input",
        "button", "select", "textarea", "audio", "video", "source", "track", "picture", "svg", "math", "image", "use", "portal",
        "map", "area", "xml-stylesheet", "import", "template", "slot", "object", "basefont", "bgsound", "isindex", "xmp",
    ]

    /// Attributes whose value is a URL something fetches.
    static let fetchingAttributes: Set<String> = [
        "data", "srcset", "poster", "background", "codebase", "classid", "archive", "action", "formaction", "cite", "longdesc",
        "usemap", "profile", "lowsrc", "dynsrc", "xlink:href", "xml:base", "manifest", "ping", "icon", "imagesrcset", "lang:src",
    ]

    /// The problems in a template's text (in any format), with the template's line numbers. A value that is
    /// only Mustache tags (`src="{{chart.src}}"`) is left to the check of the rendered document.
    public static func check(templateSource source: String, name: String) -> [Violation] {
        var scanner = Scanner(source: name, templateMode: true)
        scanner.feed(Array(source.utf8))
        scanner.finish()
        return scanner.violations
    }

    /// Checks a rendered XHTML file in 64 KiB chunks; throws the first problem.
    /// - Throws: `ReportError.unsafeDocument`.
    public static func check(renderedFile path: String, templateName: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        var scanner = Scanner(source: templateName + " (rendered)", templateMode: false)
        while true {
            let chunk = handle.readData(ofLength: 1 << 16)
            if chunk.isEmpty { break }
            scanner.feed([UInt8](chunk))
            if let first = scanner.violations.first { throw ReportError.unsafeDocument([first]) }
        }
        scanner.finish()
        if !scanner.violations.isEmpty { throw ReportError.unsafeDocument(scanner.violations) }
    }

    /// A user's template and every partial of its folder it names (transitively; built-ins are ours).
    /// - Throws: `ReportError.unsafeDocument` with every problem.
    static func check(template: Template, partials: any PartialSource) throws {
        var violations = check(templateSource: template.source, name: template.name)
        var pending = template.tags
        var seen: Set<String> = []
        while let tag = pending.popLast() {
            guard tag.kind == .partial || tag.kind == .parent, !tag.isDynamic, seen.insert(tag.name).inserted, seen.count < 1000 else { continue }
            guard let found = try? partials.partial(named: tag.name, format: template.format), found.source != DefaultTemplates.all[tag.name] else {
                continue
            }
            violations += check(templateSource: found.source, name: found.name)
            if let parsed = try? Template(source: found.source, name: found.name, format: template.format) { pending += parsed.tags }
        }
        if !violations.isEmpty { throw ReportError.unsafeDocument(violations) }
    }

    // MARK: - Rules

    /// The problem with one tag (name lowercased, attribute values decoded), or nil.
    static func judge(element: String, attributes: [(name: String, value: String)], templateMode: Bool) -> (String, String)? {
        let shown = "<\(element)>"
        if forbiddenElements.contains(element) { return (shown, "the element loads, embeds or runs something") }
        if element == "meta" {
            for (name, value) in attributes where name == "http-equiv" && value.lowercased() != "content-type" {
                return ("<meta http-equiv=\"\(value.prefix(40))\">", "only the Content-Type http-equiv is allowed")
            }
        }
        for (name, value) in attributes {
            let where_ = "<\(element) \(name)>"
            if name.hasPrefix("on") { return (where_, "an event attribute runs script") }
            if fetchingAttributes.contains(name) { return (where_, "the attribute loads a URL") }
            if templateMode, isOnlyMustache(value) { continue }
            if mentionsFileURL(value) { return (where_, "a file: URL") }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            switch name {
            case "src":
                guard element == "img", isToolImage(trimmed, templateMode: templateMode) else {
                    return (where_, "only the data: images the tool makes may be a src")
                }
            case "href":
                guard element == "a", isPlainLink(trimmed, templateMode: templateMode) else {
                    return (where_, "only http:, https:, mailto: and #anchor links are allowed")
                }
            case "rel", "rev":
                if trimmed.contains("attachment") { return (where_, "rel=\"attachment\" embeds the target in the PDF") }
            case "style":
                if let problem = cssProblem(value) { return (where_, problem) }
            default:
                if trimmed.hasPrefix("javascript:") || trimmed.hasPrefix("vbscript:") { return (where_, "a script URL") }
            }
        }
        return nil
    }

    /// A value that is nothing but Mustache tags (`{{chart.src}}`, `#{{anchor}}` is not): filled in from
    /// the tool's data, judged once rendered.
    static func isOnlyMustache(_ value: String) -> Bool {
        let stripped = value.replacingOccurrences(of: "\\{\\{[^}]*\\}\\}\\}?", with: "", options: .regularExpression)
        return stripped.trimmingCharacters(in: .whitespaces).isEmpty && value.contains("{{")
    }

    /// The images the tool makes: SVG and PNG `data:` URLs.
    static func isToolImage(_ value: String, templateMode: Bool) -> Bool {
        value.hasPrefix("data:image/svg+xml") || value.hasPrefix("data:image/png")
    }

    static func isPlainLink(_ value: String, templateMode: Bool) -> Bool {
        if value.hasPrefix("#") || value.hasPrefix("https://") || value.hasPrefix("http://") || value.hasPrefix("mailto:") { return true }
        // `{{url}}` is judged when rendered; a literal prefix before a tag must say the scheme itself.
        return templateMode && value.hasPrefix("{{")
    }

    /// `file:` as a URL scheme (not the end of `profile:`).
    static func mentionsFileURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        var search = lower.startIndex
        while let found = lower.range(of: "file:", range: search..<lower.endIndex) {
            if found.lowerBound == lower.startIndex { return true }
            let before = lower[lower.index(before: found.lowerBound)]
            if !(before.isLetter || before.isNumber || before == "+" || before == "." || before == "-") { return true }
            search = found.upperBound
        }
        return false
    }

    /// Why a style sheet (a `<style>` element's text or a `style` attribute) loads something, or nil.
    /// CSS escapes (`\75 rl(`) and comments are undone first.
    static func cssProblem(_ css: String) -> String? {
        let plain = decodeCSS(css).lowercased()
        if plain.contains("@import") { return "@import loads a style sheet" }
        if mentionsFileURL(plain) { return "a file: URL" }
        if plain.contains("expression(") || plain.contains("-moz-binding") || plain.contains("behavior:") || plain.contains("javascript:") {
            return "style that runs script"
        }
        for function in ["url(", "image-set(", "image(", "src("] {
            var search = plain.startIndex
            while let found = plain.range(of: function, range: search..<plain.endIndex) {
                let rest = plain[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\"" || $0 == "'" }
                if function != "url(" || !rest.hasPrefix("data:") { return "\(function)…) loads a resource" }
                search = found.upperBound
            }
        }
        return nil
    }

    /// CSS text with comments removed and escapes (`\HHHHHH `, `\c`) decoded.
    static func decodeCSS(_ css: String) -> String {
        let scalars = Array(css.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
                continue
            }
            if scalar == "\\", index + 1 < scalars.count {
                var hex = ""
                var next = index + 1
                while next < scalars.count, hex.count < 6, scalars[next].properties.isASCIIHexDigit {
                    hex.unicodeScalars.append(scalars[next])
                    next += 1
                }
                if !hex.isEmpty {
                    if next < scalars.count, scalars[next] == " " || scalars[next] == "\n" || scalars[next] == "\t" { next += 1 }
                    out.append(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}")
                    index = next
                    continue
                }
                out.append(scalars[index + 1])
                index += 2
                continue
            }
            out.append(scalar)
            index += 1
        }
        return String(out)
    }

    /// An attribute value with character references decoded (`&#102;`, `&#x66;`, the XML five); other
    /// named references (in XHTML all non-ASCII letters and signs) are kept as written.
    static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let body = after[..<semicolon]
            var decoded: String?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if body.hasPrefix("#") {
                decoded = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                decoded = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(body)]
            }
            if let decoded {
                out += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    // MARK: - Scanning

    /// A tolerant markup scanner fed in chunks: tags (with their attributes), `<style>` text, comments,
    /// processing instructions and the DOCTYPE. Holds at most one tag or style sheet at a time.
    struct Scanner {
        let source: String
        /// Template text: Mustache-only values are skipped, `file:` is looked for in all of the text.
        let templateMode: Bool
        var violations: [Violation] = []
        private var line = 1
        private var state = State.text
        private var pending: [UInt8] = []
        private var pendingLine = 1
        /// The end of the text seen so far (for `file:` across chunks, template mode).
        private var textTail: [UInt8] = []
        /// A tag, style sheet or comment larger than this is refused rather than held.
        static let maximumHeld = 64 << 20

        enum State { case text, tag, comment, declaration, instruction, style }

        init(source: String, templateMode: Bool) {
            self.source = source
            self.templateMode = templateMode
        }

        mutating func feed(_ bytes: [UInt8]) {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch state {
                case .text:
                    if byte == UInt8(ascii: "<") {
                        state = .tag
                        pending.removeAll(keepingCapacity: true)
                        pending.append(byte)
                        pendingLine = line
                    } else if templateMode {
                        textTail.append(byte)
                        if textTail.count > 64 { textTail.removeFirst(textTail.count - 8) }
                        if byte == UInt8(ascii: ":"), Self.endsWithFileScheme(textTail) {
                            report("text", "a file: URL")
                            textTail.removeAll()
                        }
                    }
                case .style:
                    pending.append(byte)
                    if Self.endsWith(pending, "</style") || Self.endsWith(pending, "</STYLE") {
                        let css = String(decoding: pending.dropLast(7), as: UTF8.self)
                        if let problem = cssProblem(css) { report("<style>", problem, at: pendingLine) }
                        state = .tag
                        pending = Array("</style".utf8)
                        pendingLine = line
                    }
                case .tag:
                    pending.append(byte)
                    if pending.count == 2, byte == UInt8(ascii: "?") { state = .instruction }
                    else if pending.count == 4, pending == Array("<!--".utf8) { state = .comment }
                    else if pending.count == 2, byte == UInt8(ascii: "!") { state = .declaration }
                    else if byte == UInt8(ascii: ">"), Self.quotesClosed(pending) { finishTag() }
                case .comment:
                    pending.append(byte)
                    if Self.endsWith(pending, "-->") { pending = []; state = .text }
                    else if pending.count > 8 { pending.removeFirst(pending.count - 4) }
                case .declaration:
                    pending.append(byte)
                    if byte == UInt8(ascii: "[") { report("<!DOCTYPE [ ]>", "an internal subset can declare entities that read files") }
                    if byte == UInt8(ascii: ">") {
                        if mentionsFileURL(String(decoding: pending, as: UTF8.self)) { report("<!DOCTYPE>", "a file: URL") }
                        pending = []
                        state = .text
                    }
                case .instruction:
                    pending.append(byte)
                    if Self.endsWith(pending, "?>") {
                        let text = String(decoding: pending, as: UTF8.self).lowercased()
                        if !text.hasPrefix("<?xml ") { report("<?…?>", "a processing instruction (such as xml-stylesheet) loads something") }
                        pending = []
                        state = .text
                    }
                }
                if byte == 10 { line += 1 }
                if pending.count > Self.maximumHeld {
                    report("markup", "a tag or style sheet over 64 MB")
                    pending = []
                    state = .text
                }
                index += 1
            }
        }

        mutating func finish() {
            if state == .style, let problem = cssProblem(String(decoding: pending, as: UTF8.self)) { report("<style>", problem, at: pendingLine) }
            if state == .tag, !templateMode { report("markup", "an unfinished tag") }
        }

        private mutating func report(_ element: String, _ reason: String, at line: Int? = nil) {
            if violations.count < 50 { violations.append(Violation(source: source, line: line ?? self.line, element: element, reason: reason)) }
        }

        private static func endsWith(_ bytes: [UInt8], _ text: String) -> Bool {
            let suffix = Array(text.utf8)
            return bytes.count >= suffix.count && Array(bytes.suffix(suffix.count)) == suffix
        }

        private static func endsWithFileScheme(_ bytes: [UInt8]) -> Bool {
            let lower = bytes.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
            guard endsWith(lower, "file:") else { return false }
            guard lower.count > 5 else { return true }
            let before = lower[lower.count - 6]
            let isSchemeByte = (before >= 97 && before <= 122) || (before >= 48 && before <= 57) || before == 43 || before == 46 || before == 45
            return !isSchemeByte
        }

        /// Whether a `>` ends the tag: not inside a quoted value (nor, for templates, a Mustache tag).
        private static func quotesClosed(_ bytes: [UInt8]) -> Bool {
            var quote: UInt8?
            for byte in bytes {
                if let open = quote { if byte == open { quote = nil } } else if byte == 34 || byte == 39 { quote = byte }
            }
            return quote == nil
        }

        /// Attributes that load nothing whatever their value (a value is still looked at for `file:` or a
        /// script URL when it holds a `:` or a character reference).
        static let plainAttributes: Set<[UInt8]> = Set([
            "class", "id", "colspan", "rowspan", "scope", "title", "lang", "xml:lang", "dir", "width", "height", "align", "valign",
            "alt", "summary", "type", "abbr", "headers", "span", "border", "cellpadding", "cellspacing", "xmlns", "content",
        ].map { Array($0.utf8) })

        /// Whether a finished tag (in `pending`) is plainly harmless, judged on its bytes alone: the common
        /// case (`<td class="num">`, `</tr>`), so a report of 100,000 babies is not parsed tag by tag.
        private func isPlainTag() -> Bool {
            var index = 1
            if index < pending.count, pending[index] == UInt8(ascii: "/") { index += 1 }
            let nameStart = index
            while index < pending.count, Self.isNameByte(pending[index]) { index += 1 }
            guard index > nameStart, index - nameStart <= 8 else { return false }
            let name = pending[nameStart..<index].map { $0 | 0x20 }
            guard Self.plainElements.contains(name) else { return false }
            while index < pending.count {
                let byte = pending[index]
                if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 32 || byte == 9 || byte == 10 || byte == 13 {
                    index += 1
                    continue
                }
                let attributeStart = index
                while index < pending.count, Self.isNameByte(pending[index]) || pending[index] == UInt8(ascii: ":") { index += 1 }
                let attribute = pending[attributeStart..<index].map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
                guard !attribute.isEmpty, Self.plainAttributes.contains(attribute), index < pending.count,
                      pending[index] == UInt8(ascii: "="), index + 1 < pending.count else { return false }
                let quote = pending[index + 1]
                guard quote == 34 || quote == 39 else { return false }
                index += 2
                while index < pending.count, pending[index] != quote {
                    if pending[index] == UInt8(ascii: ":") || pending[index] == UInt8(ascii: "&") { return false }
                    index += 1
                }
                index += 1
            }
            return true
        }

        static let plainElements: Set<[UInt8]> = Set([
            "td", "tr", "th", "p", "span", "div", "strong", "em", "li", "ul", "ol", "table", "thead", "tbody", "tfoot", "h1", "h2",
            "h3", "h4", "h5", "h6", "br", "small", "b", "i", "caption", "col", "colgroup", "dl", "dt", "dd", "sup", "sub", "abbr",
            "code", "pre", "blockquote", "hr", "body", "html", "head", "title", "a",
        ].map { Array($0.utf8) })

        private static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 45 || byte == 95
        }

        private mutating func finishTag() {
            if isPlainTag() {
                pending.removeAll(keepingCapacity: true)
                state = .text
                return
            }
            let text = String(decoding: pending, as: UTF8.self)
            pending = []
            state = .text
            var body = Substring(text.dropFirst().dropLast())
            let closing = body.hasPrefix("/")
            if closing { body = body.dropFirst() }
            if body.hasSuffix("/") { body = body.dropLast() }
            let nameEnd = body.firstIndex { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "/" } ?? body.endIndex
            let element = body[..<nameEnd].lowercased()
            // `<` in text (a template's `a < b`), or a Mustache tag: not markup.
            guard let first = element.unicodeScalars.first, first.properties.isAlphabetic else { return }
            if closing {
                if forbiddenElements.contains(element) { report("</\(element)>", "the element loads, embeds or runs something", at: pendingLine) }
                return
            }
            let attributes = Self.attributes(body[nameEnd...])
            if let (shown, reason) = judge(element: element, attributes: attributes, templateMode: templateMode) {
                report(shown, reason, at: pendingLine)
            }
            if element == "style", !pending.isEmpty || !text.hasSuffix("/>") {
                state = .style
                pending = []
            }
        }

        /// `name="value"`, `name='value'`, `name=value` and bare names, values decoded.
        static func attributes(_ text: Substring) -> [(name: String, value: String)] {
            var result: [(String, String)] = []
            var rest = text[...]
            while true {
                rest = rest.drop { $0.isWhitespace || $0 == "/" }
                guard !rest.isEmpty else { break }
                let nameEnd = rest.firstIndex { $0.isWhitespace || $0 == "=" } ?? rest.endIndex
                let name = rest[..<nameEnd].lowercased()
                rest = rest[nameEnd...].drop { $0.isWhitespace }
                guard rest.first == "=" else {
                    result.append((name, ""))
                    continue
                }
                rest = rest.dropFirst().drop { $0.isWhitespace }
                var value: Substring
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let inner = rest.dropFirst()
                    let end = inner.firstIndex(of: quote) ?? inner.endIndex
                    value = inner[..<end]
                    rest = end < inner.endIndex ? inner[inner.index(after: end)...] : inner[end...]
                } else {
                    let end = rest.firstIndex { $0.isWhitespace } ?? rest.endIndex
                    value = rest[..<end]
                    rest = rest[end...]
                }
                result.append((name, decodeReferences(String(value))))
            }
            return result
        }
    }
}
