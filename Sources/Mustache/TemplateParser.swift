/// Parses template text into nodes and a tag list, in one pass without recursion.
///
/// Standalone lines (a line holding only whitespace and one section, inverted, close, comment,
/// set-delimiter, partial, parent or block tag) are removed from the output as the Mustache spec says.
/// Inheritance adds three rules:
/// - A parent `{{<name}}…{{/name}}` is standalone when its opening tag has only whitespace before it on its
///   line and either tag is followed by the end of its line; that whitespace then indents the parent.
/// - Inside a parent, only blocks count, so a block tag there needs only the end of its line to be
///   standalone. Its replacement content loses the indentation of its first line, on every line.
/// - A block in a template gets the indentation of its first content line when its opening tag is
///   standalone, or the whitespace before it when only that is on the line; replacement content rendered in
///   its place is indented by it.
struct TemplateParser {
    /// Deepest nesting of sections, inverted sections, parents and blocks in one template.
    static let maximumNesting = 100

    private let bytes: UnsafeBufferPointer<UInt8>
    private let source: String
    private let name: String
    private var position = 0
    private var delimiters: Delimiters
    private var frames: [Frame]
    private var tags: [TemplateTag] = []
    private var cursor = LineCursor()

    /// Parses `source`, starting with `delimiters`.
    static func parse(
        source: String, name: String, delimiters: Delimiters = .standard
    ) throws -> (nodes: [TemplateNode], tags: [TemplateTag]) {
        try UTF8Bytes.with(source) { bytes in
            var parser = TemplateParser(bytes: bytes, source: source, name: name, delimiters: delimiters)
            let nodes = try parser.run()
            return (nodes, parser.tags)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, source: String, name: String, delimiters: Delimiters) {
        self.bytes = bytes
        self.source = source
        self.name = name
        self.delimiters = delimiters
        self.frames = [Frame.root(delimiters: delimiters)]
    }

    private mutating func run() throws -> [TemplateNode] {
        while position < bytes.count {
            guard let tagStart = find(delimiters.open, from: position) else {
                appendText(from: position, to: bytes.count)
                position = bytes.count
                break
            }
            try parseTag(at: tagStart)
        }
        if frames.count > 1, let open = frames.last {
            let closingTag = delimiters.openText + "/" + open.closeName + delimiters.closeText
            throw error(.unclosedSection(name: open.closeName, closingTag: closingTag), at: open.offset)
        }
        return frames[0].nodes
    }

    // MARK: - Tags

    private enum TagKind {
        case variable, unescaped, triple, comment, setDelimiters, section, inverted, close, partial, parent, block

        var canStandalone: Bool {
            switch self {
            case .variable, .unescaped, .triple: false
            case .comment, .setDelimiters, .section, .inverted, .close, .partial, .parent, .block: true
            }
        }
    }

    private mutating func parseTag(at tagStart: Int) throws {
        let textStart = position
        var contentStart = tagStart + delimiters.open.count
        let kind: TagKind
        switch contentStart < bytes.count ? bytes[contentStart] : 0 {
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: "="): kind = .setDelimiters
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "{"): kind = .triple
        default: kind = .variable
        }
        if kind != .variable { contentStart += 1 }
        let closing = kind == .triple ? [UInt8(ascii: "}")] + delimiters.close : delimiters.close
        guard let closeStart = find(closing, from: contentStart) else {
            let closingText = String(decoding: closing, as: UTF8.self)
            throw error(.unclosedTag(opening: delimiters.openText, closing: closingText), at: tagStart)
        }
        let tagEnd = closeStart + closing.count
        let tag = Tag(
            kind: kind, start: tagStart, end: tagEnd,
            text: text(tagStart..<tagEnd), content: trimmed(contentStart..<closeStart),
            lineStart: kind.canStandalone
                ? whitespaceLineStart(before: tagStart, insideParent: kind == .block && frames[frames.count - 1].kind == .parent)
                : nil,
            lineEnd: kind.canStandalone ? endOfLine(after: tagEnd) : nil
        )
        cursor.advance(to: tagStart, in: bytes)

        switch kind {
        case .variable, .unescaped, .triple:
            appendText(from: textStart, to: tagStart)
            position = tagEnd
            let dataName = try self.dataName(tag.content, tag: tag)
            record(kind == .variable ? .variable : .unescapedVariable, dataName.text)
            append(.variable(VariableNode(name: dataName, escaped: kind == .variable, offset: tagStart)))
        case .comment:
            skipStandalone(tag, textStart: textStart)
        case .setDelimiters:
            skipStandalone(tag, textStart: textStart)
            delimiters = try newDelimiters(tag)
        case .section, .inverted:
            skipStandalone(tag, textStart: textStart)
            let dataName = try self.dataName(tag.content, tag: tag)
            record(kind == .section ? .section : .invertedSection, dataName.text)
            try push(tag, kind: .section(inverted: kind == .inverted), closeName: dataName.text, dataName: dataName)
        case .partial:
            let standalone = tag.lineStart != nil && tag.lineEnd != nil
            let indentation = standalone ? dedented(tag.lineStart! ..< tagStart) : ""
            skipStandalone(tag, textStart: textStart)
            let partialName = try self.partialName(tag)
            record(.partial, partialName)
            append(.partial(PartialNode(name: partialName, indentation: indentation, offset: tagStart)))
        case .parent:
            try openParent(tag, textStart: textStart)
        case .block:
            try openBlock(tag, textStart: textStart)
        case .close:
            try close(tag, textStart: textStart)
        }
    }

    /// Appends the text before a tag, dropping the tag's line when it is standalone.
    private mutating func skipStandalone(_ tag: Tag, textStart: Int) {
        if let lineStart = tag.lineStart, let lineEnd = tag.lineEnd {
            appendText(from: textStart, to: lineStart)
            position = lineEnd
        } else {
            appendText(from: textStart, to: tag.start)
            position = tag.end
        }
    }

    private mutating func openParent(_ tag: Tag, textStart: Int) throws {
        let partialName = try self.partialName(tag)
        record(.parent, partialName)
        var pending: [UInt8]?
        if let lineStart = tag.lineStart {
            appendText(from: textStart, to: lineStart)
            pending = Array(bytes[lineStart..<tag.start])
        } else {
            appendText(from: textStart, to: tag.start)
        }
        position = tag.end
        try push(tag, kind: .parent, closeName: partialName.tagText, partialName: partialName)
        frames[frames.count - 1].pendingWhitespace = pending
        frames[frames.count - 1].openEndsLine = tag.lineEnd != nil
    }

    private mutating func openBlock(_ tag: Tag, textStart: Int) throws {
        let blockName = try literalName(tag)
        let insideParent = frames[frames.count - 1].kind == .parent
        if insideParent {
            // Replacement content: text around it is ignored, so only the end of the line matters.
            if !frames[frames.count - 1].discarded {
                tags.append(tagRecord(.block, blockName, isDynamic: false))
            }
            appendText(from: textStart, to: tag.start)
            var dedent: [UInt8] = []
            if let lineEnd = tag.lineEnd {
                position = lineEnd
                dedent = Array(bytes[lineEnd..<leadingWhitespaceEnd(from: lineEnd)])
            } else {
                position = tag.end
            }
            try push(tag, kind: .block, closeName: blockName, isOverride: true, dedent: dedent)
        } else {
            record(.block, blockName)
            var indentation = ""
            if let lineStart = tag.lineStart, let lineEnd = tag.lineEnd {
                appendText(from: textStart, to: lineStart)
                position = lineEnd
                indentation = dedented(lineEnd..<leadingWhitespaceEnd(from: lineEnd))
            } else {
                appendText(from: textStart, to: tag.start)
                position = tag.end
                if let lineStart = tag.lineStart { indentation = dedented(lineStart..<tag.start) }
            }
            try push(tag, kind: .block, closeName: blockName, indentation: indentation)
        }
    }

    private mutating func close(_ tag: Tag, textStart: Int) throws {
        var closeName = tag.content
        if closeName.hasPrefix("*") {
            closeName = "*" + closeName.dropFirst().trimmingWhitespace()
        }
        guard frames.count > 1 else {
            throw error(.unopenedClose(name: tag.text), at: tag.start)
        }
        guard frames[frames.count - 1].closeName == closeName else {
            let open = frames[frames.count - 1]
            let reason = TemplateError.Reason.mismatchedClose(
                found: tag.text, open: open.closeName, openLine: open.line, openColumn: open.column)
            throw error(reason, at: tag.start)
        }

        let contentEnd: Int
        if frames[frames.count - 1].kind == .parent {
            appendText(from: textStart, to: tag.start)
            contentEnd = tag.start
        } else if let lineStart = tag.lineStart, let lineEnd = tag.lineEnd {
            appendText(from: textStart, to: lineStart)
            contentEnd = lineStart
            position = lineEnd
        } else {
            appendText(from: textStart, to: tag.start)
            contentEnd = tag.start
            position = tag.end
        }
        let open = frames.removeLast()

        switch open.kind {
        case .root:
            preconditionFailure("the root frame is never closed")
        case .section(let inverted):
            append(.section(SectionNode(
                name: open.dataName!, inverted: inverted, children: open.nodes,
                rawRange: open.contentStart..<contentEnd, delimiters: open.delimiters, offset: open.offset)))
        case .block:
            let block = BlockNode(name: open.closeName, children: open.nodes, indentation: open.indentation, offset: open.offset)
            if open.isOverride {
                if frames[frames.count - 1].overrides[block.name] == nil {
                    frames[frames.count - 1].overrides[block.name] = block
                }
            } else {
                append(.block(block))
            }
        case .parent:
            closeParent(open, tag: tag)
        }
    }

    /// Closes a parent tag (`{{<name}}…{{/name}}`): a standalone one takes its line's indentation for the partial.
    private mutating func closeParent(_ open: Frame, tag: Tag) {
        let standalone = open.pendingWhitespace != nil && (open.openEndsLine || tag.lineEnd != nil)
        var indentation = ""
        if let pending = open.pendingWhitespace {
            if standalone {
                indentation = dedented(open.offset - pending.count ..< open.offset)
            } else {
                appendText(from: open.offset - pending.count, to: open.offset)
            }
        }
        if let lineEnd = tag.lineEnd, standalone || tag.lineStart != nil {
            position = lineEnd
        } else {
            position = tag.end
        }
        append(.parent(ParentNode(
            name: open.partialName!, indentation: indentation, overrides: open.overrides, offset: open.offset)))
    }

    private func newDelimiters(_ tag: Tag) throws -> Delimiters {
        guard tag.content.hasSuffix("=") else {
            throw error(.badDelimiters(tag: tag.text), at: tag.start)
        }
        let parts = tag.content.dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error(.badDelimiters(tag: tag.text), at: tag.start)
        }
        return Delimiters(open: Array(parts[0].utf8), close: Array(parts[1].utf8))
    }

    // MARK: - Names

    private func dataName(_ text: String, tag: Tag) throws -> DataName {
        guard !text.isEmpty else { throw error(.emptyTag(tag: tag.text), at: tag.start) }
        guard !Self.hasWhitespace(text) else { throw error(.invalidName(text), at: tag.start) }
        if text == "." { return DataName(text: text, keys: []) }
        // An ASCII name is split on its bytes, which gives the same keys as splitting its Characters (the HTML
        // report's partials are parsed as it renders, so this runs per name of every render).
        let keys = text.utf8.allSatisfy({ $0 < 0x80 })
            ? text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { String(Substring($0)) }
            : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.contains(where: \.isEmpty) else { throw error(.invalidName(text), at: tag.start) }
        return DataName(text: text, keys: keys)
    }

    private func literalName(_ tag: Tag) throws -> String {
        guard !tag.content.isEmpty else { throw error(.emptyTag(tag: tag.text), at: tag.start) }
        guard !Self.hasWhitespace(tag.content) else { throw error(.invalidName(tag.content), at: tag.start) }
        return tag.content
    }

    /// Whether a name holds a whitespace Character. An ASCII name is looked at byte by byte (its whitespace Characters are
    /// tab, line feed, vertical tab, form feed, carriage return and space); another Character by Character.
    static func hasWhitespace(_ name: String) -> Bool {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return name.contains(where: \.isWhitespace) }
        return name.utf8.contains { (0x09...0x0D).contains($0) || $0 == 0x20 }
    }

    private func partialName(_ tag: Tag) throws -> PartialName {
        guard tag.content.hasPrefix("*") else { return .literal(try literalName(tag)) }
        return .dynamic(try dataName(tag.content.dropFirst().trimmingWhitespace(), tag: tag))
    }

    // MARK: - Frames and nodes

    private mutating func push(
        _ tag: Tag, kind: Frame.Kind, closeName: String,
        dataName: DataName? = nil, partialName: PartialName? = nil,
        isOverride: Bool = false, dedent: [UInt8]? = nil, indentation: String = ""
    ) throws {
        guard frames.count <= TemplateParser.maximumNesting else {
            throw error(.nestingTooDeep(limit: TemplateParser.maximumNesting), at: tag.start)
        }
        let enclosing = frames[frames.count - 1]
        var sectionPath = enclosing.sectionPath
        if case .section(inverted: false) = kind { sectionPath.append(closeName) }
        frames.append(Frame(
            kind: kind, closeName: closeName, offset: tag.start, line: cursor.line, column: cursor.column,
            contentStart: position, delimiters: delimiters, dataName: dataName, partialName: partialName,
            discarded: isOverride ? enclosing.discarded : enclosing.contentIgnored,
            isOverride: isOverride, dedent: dedent ?? enclosing.dedent, indentation: indentation,
            sectionPath: sectionPath))
    }

    private mutating func append(_ node: TemplateNode) {
        guard !frames[frames.count - 1].contentIgnored else { return }
        frames[frames.count - 1].nodes.append(node)
    }

    private mutating func appendText(from start: Int, to end: Int) {
        guard start < end, !frames[frames.count - 1].contentIgnored else { return }
        let text = dedented(start..<end)
        if !text.isEmpty { frames[frames.count - 1].nodes.append(.text(TextNode(text))) }
    }

    private mutating func record(_ kind: TemplateTag.Kind, _ name: String) {
        guard !frames[frames.count - 1].contentIgnored else { return }
        tags.append(tagRecord(kind, name, isDynamic: false))
    }

    private mutating func record(_ kind: TemplateTag.Kind, _ name: PartialName) {
        guard !frames[frames.count - 1].contentIgnored else { return }
        switch name {
        case .literal(let text): tags.append(tagRecord(kind, text, isDynamic: false))
        case .dynamic(let dataName): tags.append(tagRecord(kind, dataName.text, isDynamic: true))
        }
    }

    private func tagRecord(_ kind: TemplateTag.Kind, _ name: String, isDynamic: Bool) -> TemplateTag {
        TemplateTag(kind: kind, name: name, isDynamic: isDynamic, line: cursor.line, column: cursor.column,
                    sectionPath: frames[frames.count - 1].sectionPath)
    }

    // MARK: - Bytes

    /// The text in `range` with the current replacement block's indentation removed from each line start.
    private func dedented(_ range: Range<Int>) -> String {
        let dedent = frames[frames.count - 1].dedent
        guard !dedent.isEmpty else { return text(range) }
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        var atLineStart = index == 0 || bytes[index - 1] == 0x0A
        while index < range.upperBound {
            if atLineStart {
                var matched = 0
                while matched < dedent.count, index < range.upperBound, bytes[index] == dedent[matched] {
                    index += 1
                    matched += 1
                }
                atLineStart = false
                continue
            }
            output.append(bytes[index])
            atLineStart = bytes[index] == 0x0A
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func text(_ range: Range<Int>) -> String {
        UTF8Bytes.string(bytes, range)
    }

    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return text(lower..<upper)
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Where the whitespace before `offset` starts, if only spaces and tabs lie between it and the line start.
    /// Directly inside a parent, text is ignored, so any position counts as a line start.
    private func whitespaceLineStart(before offset: Int, insideParent: Bool) -> Int? {
        var index = offset
        while index > position, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 { index -= 1 }
        if insideParent { return index }
        return index == 0 || bytes[index - 1] == 0x0A ? index : nil
    }

    /// The offset after the line break (or the end of the template) when only spaces and tabs follow `offset`.
    private func endOfLine(after offset: Int) -> Int? {
        var index = offset
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if index == bytes.count { return index }
        if bytes[index] == 0x0A { return index + 1 }
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
        return nil
    }

    private func leadingWhitespaceEnd(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    private func error(_ reason: TemplateError.Reason, at offset: Int) -> TemplateError {
        TemplateError(reason, templateName: name, location: SourceLocation(offset: offset, in: source))
    }
}

extension TemplateParser {
    /// One tag as scanned, before it is interpreted.
    private struct Tag {
        let kind: TagKind
        let start: Int
        let end: Int
        /// The whole tag as written, delimiters included.
        let text: String
        /// The content between type character and closing delimiter, trimmed.
        let content: String
        /// Where the whitespace before the tag starts, when only whitespace precedes it on its line.
        let lineStart: Int?
        /// After the line break, when only whitespace follows the tag on its line.
        let lineEnd: Int?
    }

    /// An open section, inverted section, parent or block (or the template itself) collecting its content.
    private struct Frame {
        enum Kind: Equatable {
            case root
            case section(inverted: Bool)
            case parent
            case block
        }

        let kind: Kind
        let closeName: String
        let offset: Int
        let line: Int
        let column: Int
        let contentStart: Int
        let delimiters: Delimiters
        let dataName: DataName?
        let partialName: PartialName?
        /// Whether this frame's node is thrown away (it lies in a parent, outside any block).
        let discarded: Bool
        /// Whether this is a block directly inside a parent: replacement content.
        let isOverride: Bool
        /// Indentation removed from each line start of the text inside.
        let dedent: [UInt8]
        /// For a block in a template: the indentation of replacement content rendered in its place.
        let indentation: String
        let sectionPath: [String]
        var nodes: [TemplateNode] = []
        var overrides: [String: BlockNode] = [:]
        /// For a parent: the whitespace before its opening tag, kept until we know whether it is standalone.
        var pendingWhitespace: [UInt8]?
        var openEndsLine = false

        var contentIgnored: Bool { discarded || kind == .parent }

        static func root(delimiters: Delimiters) -> Frame {
            Frame(kind: .root, closeName: "", offset: 0, line: 1, column: 1, contentStart: 0,
                  delimiters: delimiters, dataName: nil, partialName: nil, discarded: false, isOverride: false,
                  dedent: [], indentation: "", sectionPath: [])
        }
    }

    /// Line and column of a monotonically advancing offset.
    private struct LineCursor {
        var offset = 0
        var line = 1
        var column = 1

        mutating func advance(to target: Int, in bytes: UnsafeBufferPointer<UInt8>) {
            while offset < target {
                let byte = bytes[offset]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                offset += 1
            }
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
