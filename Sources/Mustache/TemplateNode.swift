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

/// A node as the renderer walks it: the same object, held without a retain, so that walking a list of
/// nodes costs no reference counting (a retain and a release per node rendered were a tenth of a CSV
/// report's render). Each list of them is made beside the `[TemplateNode]` that owns its nodes
/// (`walk(_:)`), in the template, section or block that keeps both: valid for as long as that lives.
enum NodeRef: Sendable {
    case text(Unmanaged<TextNode>)
    case variable(Unmanaged<VariableNode>)
    case section(Unmanaged<SectionNode>)
    case partial(Unmanaged<PartialNode>)
    case parent(Unmanaged<ParentNode>)
    case block(Unmanaged<BlockNode>)

    /// The walk over `nodes`, valid while `nodes` lives.
    static func walk(_ nodes: [TemplateNode]) -> [NodeRef] {
        nodes.map { node in
            switch node {
            case .text(let node): .text(.passUnretained(node))
            case .variable(let node): .variable(.passUnretained(node))
            case .section(let node): .section(.passUnretained(node))
            case .partial(let node): .partial(.passUnretained(node))
            case .parent(let node): .parent(.passUnretained(node))
            case .block(let node): .block(.passUnretained(node))
            }
        }
    }
}

/// Literal template text, pre-split into lines so indented partials can prefix each line.
final class TextNode: Sendable {
    let text: String
    /// The text split after each line feed; each element but the last ends with "\n".
    let lines: [String]
    let endsWithNewline: Bool

    init(_ text: String) {
        self.text = text
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" || character == "\r\n" {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        self.lines = lines
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
    /// `children` as the renderer walks them.
    let walk: [NodeRef]
    /// UTF-8 range of the unprocessed section text, given to lambdas.
    let rawRange: Range<Int>
    /// Delimiters in effect at the section, used to parse a lambda's result.
    let delimiters: Delimiters
    let offset: Int

    init(name: DataName, inverted: Bool, children: [TemplateNode], rawRange: Range<Int>, delimiters: Delimiters, offset: Int) {
        self.name = name
        self.inverted = inverted
        self.children = children
        walk = NodeRef.walk(children)
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
    /// `children` as the renderer walks them.
    let walk: [NodeRef]
    /// Indentation added to the lines of replacement content rendered in this block's place.
    let indentation: String
    let offset: Int

    init(name: String, children: [TemplateNode], indentation: String, offset: Int) {
        self.name = name
        self.children = children
        walk = NodeRef.walk(children)
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

// MARK: - Copies for a second thread

/// A copy of a node tree with nodes, arrays and strings of its own.
///
/// Rendering retains and releases what the nodes hold (their lists, names and texts; the nodes themselves
/// are walked unretained, see `NodeRef`). Two threads walking the same nodes make every one of those
/// reference counts a contended atomic, which at a CSV report's 285,000 cells cost more than the second
/// thread saved; on its own copy each thread counts in its own cache lines.
extension TemplateNode {
    func copied() -> TemplateNode {
        switch self {
        case .text(let node): .text(TextNode(String.copied(node.text)))
        case .variable(let node): .variable(VariableNode(name: node.name.copied(), escaped: node.escaped, offset: node.offset))
        case .section(let node): .section(node.copied())
        case .partial(let node):
            .partial(PartialNode(name: node.name.copied(), indentation: String.copied(node.indentation), offset: node.offset))
        case .parent(let node):
            .parent(ParentNode(name: node.name.copied(), indentation: String.copied(node.indentation),
                               overrides: node.overrides.mapValues { $0.copied() }, offset: node.offset))
        case .block(let node): .block(node.copied())
        }
    }
}

extension SectionNode {
    func copied() -> SectionNode {
        SectionNode(name: name.copied(), inverted: inverted, children: children.map { $0.copied() }, rawRange: rawRange,
                    delimiters: delimiters, offset: offset)
    }
}

extension BlockNode {
    func copied() -> BlockNode {
        BlockNode(name: String.copied(name), children: children.map { $0.copied() }, indentation: String.copied(indentation),
                  offset: offset)
    }
}

extension DataName {
    func copied() -> DataName { DataName(text: String.copied(text), keys: keys.map(String.copied)) }
}

extension PartialName {
    func copied() -> PartialName {
        switch self {
        case .literal(let name): .literal(String.copied(name))
        case .dynamic(let name): .dynamic(name.copied())
        }
    }
}

extension String {
    /// The same text in storage of its own (a short string is stored inline anyway).
    static func copied(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
}
