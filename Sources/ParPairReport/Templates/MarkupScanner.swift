/// Reads markup in text that is not XHTML yet: an HTML template's source, with Mustache tags in it. Tags are read as an HTML tokenizer reads them: a quote matters
/// only after `=`, and the first `>` outside a quoted value ends the tag, so a stray `<` or apostrophe in text
/// cannot hide what follows. A tag still open at the end of the text is reported, never dropped.
///
/// In a template, a Mustache tag (`{{…}}`, `{{{…}}}`, with `{{=<% %>=}}` followed) is text, nothing in it is
/// markup and nothing in it ends a tag or a value: `{{<report.html}}` starts no element. For a Markdown
/// template, ``maskingMustache(_:)`` gives libcmark the text with each Mustache tag as one plain word.
struct MarkupScanner {
    enum Event {
        /// A start tag: its name lowercased, its attributes (names lowercased, values with character
        /// references decoded), whether it ends with `/>` (as an HTML tokenizer reads it: not the `/` that ends an
        /// unquoted value), its line.
        case tag(name: String, attributes: [(name: String, value: String)], selfClosing: Bool, line: Int)
        case closingTag(name: String, line: Int)
        /// The text of a `<style>` element.
        case styleText(String, line: Int)
        /// `<?…?>` other than the XML declaration.
        case instruction(line: Int)
        /// `<!DOCTYPE … [ … ]>`.
        case internalSubset(line: Int)
        /// `<name …` with no `>` before the end.
        case unfinishedTag(name: String, line: Int)
        /// `<!-- … -->`.
        case comment(line: Int)
        /// `<![CDATA[ … ]]>`.
        case cdata(line: Int)
    }

    let bytes: [UInt8]
    /// Template text: Mustache tags are text.
    let mustache: Bool
    private var open = Array("{{".utf8)
    private var close = Array("}}".utf8)
    private var lineStarts: [Int] = [0]

    init(_ text: String, mustache: Bool) {
        bytes = Array(text.utf8)
        self.mustache = mustache
        for (index, byte) in bytes.enumerated() where byte == 10 { lineStarts.append(index + 1) }
    }

    /// The 1-based line of a byte offset.
    func line(at offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// Calls `visit` for each event in document order.
    mutating func scan(_ visit: (Event) -> Void) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if mustache, let end = mustacheTagEnd(at: index) {
                index = end
                continue
            }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            index = markup(at: index, visit)
        }
    }

    /// Reads what starts with the `<` at `start`; returns where scanning goes on.
    private mutating func markup(at start: Int, _ visit: (Event) -> Void) -> Int {
        declaration(at: start, visit) ?? tag(at: start, visit)
    }

    /// A comment, a CDATA section, a `<!…>` declaration or a `<?…?>` instruction at `start`: where it ends, or nil
    /// when none starts there.
    private func declaration(at start: Int, _ visit: (Event) -> Void) -> Int? {
        let next = at(start + 1)
        if starts(with: "<!--", at: start) {
            visit(.comment(line: line(at: start)))
            return find("-->", from: start + 4).map { $0 + 3 } ?? bytes.count
        }
        if starts(with: "<![CDATA[", at: start) {
            visit(.cdata(line: line(at: start)))
            return find("]]>", from: start + 9).map { $0 + 3 } ?? bytes.count
        }
        if next == UInt8(ascii: "!") {
            let end = find(">", from: start) ?? bytes.count
            if bytes[start..<end].contains(UInt8(ascii: "[")) { visit(.internalSubset(line: line(at: start))) }
            return min(bytes.count, end + 1)
        }
        if next == UInt8(ascii: "?") {
            let end = find("?>", from: start) ?? bytes.count
            if !starts(with: "<?xml ", at: start) { visit(.instruction(line: line(at: start))) }
            return min(bytes.count, end + 2)
        }
        return nil
    }

    /// A start or end tag at `start` (with a `<style>`'s text after it), or a `<` that starts none: where scanning
    /// goes on.
    private mutating func tag(at start: Int, _ visit: (Event) -> Void) -> Int {
        let closing = at(start + 1) == UInt8(ascii: "/")
        let nameStart = start + (closing ? 2 : 1)
        guard let first = at(nameStart), Self.isLetter(first) else { return start + 1 }
        var index = nameStart
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">") {
            index = skipMustache(at: index) ?? index + 1
        }
        let name = text(nameStart..<index).lowercased()
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
        while true {
            let skipped = index
            while index < bytes.count, Self.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
            if at(index) == UInt8(ascii: ">") {
                selfClosing = index > skipped && bytes[index - 1] == UInt8(ascii: "/")
                index += 1
                break
            }
            guard index < bytes.count, let (attribute, end) = attribute(at: index) else {
                visit(.unfinishedTag(name: name, line: line(at: start)))
                return bytes.count
            }
            attributes.append(attribute)
            index = end
        }
        if closing {
            visit(.closingTag(name: name, line: line(at: start)))
            return index
        }
        visit(.tag(name: name, attributes: attributes, selfClosing: selfClosing, line: line(at: start)))
        if name == "style" {
            let end = findClosing("</style", from: index) ?? bytes.count
            visit(.styleText(text(index..<end), line: line(at: index)))
            return end
        }
        return index
    }

    /// The attribute at `start`, its name lowercased and its value (if any) with references decoded, and where it
    /// ends; nil when a quoted value runs to the end of the text.
    private mutating func attribute(at start: Int) -> ((name: String, value: String), Int)? {
        var index = start + 1  // a first `=` belongs to the name, as in HTML
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">"),
              bytes[index] != UInt8(ascii: "=") {
            index = skipMustache(at: index) ?? index + 1
        }
        let name = text(start..<index).lowercased()
        var look = index
        while look < bytes.count, Self.isSpace(bytes[look]) { look += 1 }
        guard at(look) == UInt8(ascii: "=") else { return ((name, ""), index) }
        index = look + 1
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        if let quote = at(index), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let valueStart = index + 1
            index = valueStart
            while index < bytes.count, bytes[index] != quote { index = skipMustache(at: index) ?? index + 1 }
            guard index < bytes.count else { return nil }
            return ((name, Self.decodeReferences(text(valueStart..<index))), index + 1)
        }
        let valueStart = index
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
            index = skipMustache(at: index) ?? index + 1
        }
        return ((name, Self.decodeReferences(text(valueStart..<index))), index)
    }

    // MARK: - Mustache tags as text

    /// A template's text with each Mustache tag (delimiter changes followed) written as `{{xx…}}` of the same
    /// length in bytes, its line breaks kept (a tag shorter than `{{}}`, or with a line break among its first or
    /// last two bytes, as `x`s), so a Markdown parser reads each tag as one plain word at the line and column
    /// it was written at, and a destination a tag starts still starts with `{{`.
    static func maskingMustache(_ text: String) -> String {
        var scanner = MarkupScanner(text, mustache: true)
        var masked = scanner.bytes
        var index = 0
        while index < masked.count {
            guard let end = scanner.mustacheTagEnd(at: index) else {
                index += 1
                continue
            }
            let range = index..<end
            for position in range where masked[position] != 10 && masked[position] != 13 { masked[position] = UInt8(ascii: "x") }
            let ends = [index, index + 1, end - 2, end - 1]
            if range.count >= 4, ends.allSatisfy({ masked[$0] == UInt8(ascii: "x") }) {
                masked[index] = UInt8(ascii: "{")
                masked[index + 1] = UInt8(ascii: "{")
                masked[end - 2] = UInt8(ascii: "}")
                masked[end - 1] = UInt8(ascii: "}")
            }
            index = end
        }
        return String(decoding: masked, as: UTF8.self)
    }

    /// Where a Mustache tag starting at `index` ends, or nil when none starts there; a set-delimiter tag
    /// changes the delimiters for what follows.
    private mutating func mustacheTagEnd(at index: Int) -> Int? {
        guard starts(with: open, at: index) else { return nil }
        let contentStart = index + open.count
        let triple = open == Array("{{".utf8) && at(contentStart) == UInt8(ascii: "{")
        let closing = triple ? close + [UInt8(ascii: "}")] : close
        guard let end = find(closing, from: contentStart) else { return nil }
        if at(contentStart) == UInt8(ascii: "="), end > contentStart + 1, bytes[end - 1] == UInt8(ascii: "=") {
            let parts = bytes[(contentStart + 1)..<(end - 1)].split(whereSeparator: Self.isSpace)
            if parts.count == 2 {
                open = Array(parts[0])
                close = Array(parts[1])
            }
        }
        return end + closing.count
    }

    /// Inside a tag, a Mustache tag is skipped whole.
    private mutating func skipMustache(at index: Int) -> Int? {
        mustache ? mustacheTagEnd(at: index) : nil
    }

    // MARK: - Bytes

    private func at(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, max(range.lowerBound, range.upperBound))], as: UTF8.self)
    }

    private func starts(with prefix: String, at index: Int) -> Bool { starts(with: Array(prefix.utf8), at: index) }

    private func starts(with prefix: [UInt8], at index: Int) -> Bool {
        !prefix.isEmpty && index + prefix.count <= bytes.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
    }

    private func find(_ needle: String, from start: Int) -> Int? { find(Array(needle.utf8), from: start) }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// `</style` in any case.
    private func findClosing(_ needle: String, from start: Int) -> Int? {
        let lower = Array(needle.utf8)
        var index = start
        while index + lower.count <= bytes.count {
            if bytes[index] == lower[0], zip(bytes[index..<(index + lower.count)], lower).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) }) {
                return index
            }
            index += 1
        }
        return nil
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }

    /// An attribute value with character references decoded (`&#102;`, `&#x66;`, the XML five); other named
    /// references are kept as written.
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
                decoded = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n"][String(body)]
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
}
