/// One piece of a parsed template. Immutable; rendering walks these. Payloads are final classes so a
/// node is one reference to copy.
enum TemplateNode: Sendable {
    case text(TextNode)
    case variable(VariableNode)
    case section(SectionNode)
    case partial(PartialNode)
    case parent(ParentNode)
    case block(BlockNode)
}

/// Literal template text, pre-split into lines so indented partials can prefix each line.
final class TextNode: Sendable {
    let text: String
    /// The text split after each line feed; each element but the last ends with "\n".
    let lines: [String]
    let endsWithNewline: Bool

    init(_ text: String) {
        self.text = text
        // Split on the UTF-8 after each line feed byte: a line feed always ends a Character (`\n`, or `\r\n`),
        // so these are the lines a split of the Characters after `\n` and `\r\n` gives, at a fraction of the cost.
        var text = text
        self.lines = text.withUTF8 { bytes in
            var lines: [String] = []
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = end
            }
            return lines
        }
        self.endsWithNewline = text.utf8.last == 0x0A
    }
}

/// A dotted data name split into keys; no keys means the implicit iterator `.`.
struct DataName: Sendable {
    let text: String
    let keys: [String]
}

final class VariableNode: Sendable {
    let name: DataName
    let escaped: Bool
    let offset: Int

    init(name: DataName, escaped: Bool, offset: Int) {
        self.name = name
        self.escaped = escaped
        self.offset = offset
    }
}

final class SectionNode: Sendable {
    let name: DataName
    let inverted: Bool
    let children: [TemplateNode]
    /// UTF-8 range of the unprocessed section text, given to lambdas.
    let rawRange: Range<Int>
    /// Delimiters in effect at the section, used to parse a lambda's result.
    let delimiters: Delimiters
    let offset: Int

    init(name: DataName, inverted: Bool, children: [TemplateNode], rawRange: Range<Int>, delimiters: Delimiters, offset: Int) {
        self.name = name
        self.inverted = inverted
        self.children = children
        self.rawRange = rawRange
        self.delimiters = delimiters
        self.offset = offset
    }
}

/// A partial or parent name: literal, or dynamic (`*name`, read from the data).
enum PartialName: Sendable {
    case literal(String)
    case dynamic(DataName)

    var tagText: String {
        switch self {
        case .literal(let name): name
        case .dynamic(let name): "*" + name.text
        }
    }
}

final class PartialNode: Sendable {
    let name: PartialName
    /// Whitespace before a standalone tag: prefixed to each line the partial renders.
    let indentation: String
    let offset: Int

    init(name: PartialName, indentation: String, offset: Int) {
        self.name = name
        self.indentation = indentation
        self.offset = offset
    }
}

final class ParentNode: Sendable {
    let name: PartialName
    let indentation: String
    /// The blocks given inside the parent tag, by name: they replace the parent's blocks of that name.
    let overrides: [String: BlockNode]
    let offset: Int

    init(name: PartialName, indentation: String, overrides: [String: BlockNode], offset: Int) {
        self.name = name
        self.indentation = indentation
        self.overrides = overrides
        self.offset = offset
    }
}

final class BlockNode: Sendable {
    let name: String
    /// Default content (at a block in a template) or replacement content (inside a parent tag, already
    /// stripped of its own indentation).
    let children: [TemplateNode]
    /// Indentation added to the lines of replacement content rendered in this block's place.
    let indentation: String
    let offset: Int

    init(name: String, children: [TemplateNode], indentation: String, offset: Int) {
        self.name = name
        self.children = children
        self.indentation = indentation
        self.offset = offset
    }
}

/// Tag delimiters, `{{` and `}}` unless a set-delimiter tag changed them.
struct Delimiters: Sendable, Hashable {
    let open: [UInt8]
    let close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))

    var openText: String { String(decoding: open, as: UTF8.self) }
    var closeText: String { String(decoding: close, as: UTF8.self) }
}
