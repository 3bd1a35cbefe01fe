import CCmark

/// A Markdown text parsed by libcmark (the CommonMark reference implementation) and walked node by node.
///
/// The tree is owned here and freed in `deinit`; nothing of cmark leaves this type but ``MarkdownNode``
/// values. Invalid UTF-8 is read as U+FFFD and NUL as U+FFFD, as cmark does with `CMARK_OPT_VALIDATE_UTF8`.
///
/// ```swift
/// let links = CommonMarkDocument("[x][r]\n\n[r]: java&#115;cript:alert(1)\n").nodes.filter { $0.kind == .link }
/// // links[0].destination == "javascript:alert(1)"
/// ```
public final class CommonMarkDocument {
    /// The root `cmark_node *`; never nil (cmark returns a document for any input, empty included).
    private let root: OpaquePointer

    /// Parses `text` as CommonMark.
    public init(_ text: String) {
        var text = text
        let parsed = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_VALIDATE_UTF8)
            }
        }
        // cmark returns nil only when its allocator fails, and cmark's allocator aborts instead of failing.
        guard let parsed else { preconditionFailure("cmark_parse_document returned no document") }
        root = parsed
    }

    deinit {
        cmark_node_free(root)
    }

    /// Every node in document order (each visited once, on entering it), the document itself first.
    public var nodes: [MarkdownNode] {
        var found: [MarkdownNode] = []
        walk { found.append($0) }
        return found
    }

    /// Calls `visit` for every node in document order, parents before their children.
    public func walk(_ visit: (MarkdownNode) -> Void) {
        guard let iterator = cmark_iter_new(root) else { preconditionFailure("cmark_iter_new returned no iterator") }
        defer { cmark_iter_free(iterator) }
        // The innermost enclosing block's position, for inline nodes cmark left without one.
        var blockLine = 1
        var blockColumn = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            var line = Int(cmark_node_get_start_line(node))
            var column = Int(cmark_node_get_start_column(node))
            if line > 0 {
                blockLine = line
                blockColumn = column
            } else {
                line = blockLine
                column = blockColumn
            }
            let kind = Self.kind(of: cmark_node_get_type(node))
            visit(MarkdownNode(kind: kind, destination: Self.destination(of: node, kind: kind), literal: Self.literal(of: node, kind: kind),
                               line: line, column: column))
        }
    }

    private static func destination(of node: OpaquePointer, kind: MarkdownNode.Kind) -> String? {
        guard kind == .link || kind == .image else { return nil }
        return cmark_node_get_url(node).map { String(cString: $0) } ?? ""
    }

    private static func literal(of node: OpaquePointer, kind: MarkdownNode.Kind) -> String? {
        switch kind {
        case .text, .code, .codeBlock, .htmlBlock, .htmlInline:
            return cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        default:
            return nil
        }
    }

    private static let kinds: [cmark_node_type: MarkdownNode.Kind] = [
        CMARK_NODE_DOCUMENT: .document, CMARK_NODE_BLOCK_QUOTE: .blockQuote, CMARK_NODE_LIST: .list, CMARK_NODE_ITEM: .item,
        CMARK_NODE_CODE_BLOCK: .codeBlock, CMARK_NODE_HTML_BLOCK: .htmlBlock, CMARK_NODE_CUSTOM_BLOCK: .customBlock,
        CMARK_NODE_PARAGRAPH: .paragraph, CMARK_NODE_HEADING: .heading, CMARK_NODE_THEMATIC_BREAK: .thematicBreak,
        CMARK_NODE_TEXT: .text, CMARK_NODE_SOFTBREAK: .softBreak, CMARK_NODE_LINEBREAK: .lineBreak, CMARK_NODE_CODE: .code,
        CMARK_NODE_HTML_INLINE: .htmlInline, CMARK_NODE_CUSTOM_INLINE: .customInline, CMARK_NODE_EMPH: .emphasis,
        CMARK_NODE_STRONG: .strong, CMARK_NODE_LINK: .link, CMARK_NODE_IMAGE: .image,
    ]

    private static func kind(of type: cmark_node_type) -> MarkdownNode.Kind {
        kinds[type] ?? .unknown
    }
}
