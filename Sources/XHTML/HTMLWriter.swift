import CLibXML2

/// Writes the tree libxml2 builds, as it builds it, in the form an HTML parser reads back as the same tree (the
/// compatibility rules of XHTML 1.0, Appendix C, made strict): a document checked as XML and read by a browser as
/// HTML then shows the browser what was checked, whatever the bytes it was parsed from.
///
/// - Elements and attributes are written as parsed: references replaced, attribute values in double quotes with
///   `&`, `<`, `>`, `"` and the white space XML would normalise escaped.
/// - Text, CDATA sections and entity references are written as escaped text; comments and processing instructions
///   are left out (an HTML parser ends a comment where XML does not).
/// - HTML's void elements are written `<br />`, every other element with an end tag, also when empty.
/// - The text of a raw-text element (`<style>`, `<script>`) is written as it is, since HTML reads no reference in
///   it; one that holds `</` or `<!--`, where an HTML parser would end it or hide what follows, cannot be written so
///   and is told to the visitor (``XMLEvent/unwritable(element:line:reason:)``), whose verdict it is.
/// - A newline that begins a `<pre>`, `<textarea>` or `<listing>` is doubled: HTML drops one.
///
/// Called by ``ParserContext`` at each element's start (the node just built) and end (before its children are
/// freed); an element's text is written when its next child starts or when it ends, read from its nodes.
final class HTMLWriter {
    private var writing: HTMLWriting

    init(sink: @escaping ([UInt8]) -> Void, refuse: @escaping (XMLEvent) -> Void) {
        writing = HTMLWriting(sink: sink, refuse: refuse)
    }

    /// An element has started: its parent's text up to it, then its start tag (after the document's prologue, for
    /// the root).
    /// - Parameter namesInterned: whether element names are the parse's dictionary's (one pointer a name).
    func start(_ node: xmlNodePtr, declared: DeclaredDocumentType?, namesInterned: Bool) {
        writing.start(node, declared: declared, namesInterned: namesInterned)
    }

    /// An element has ended: the rest of its text, then its end tag.
    func end(_ node: xmlNodePtr) { writing.end(node) }

    /// Hands the sink what is left; the document has ended.
    func finish() { writing.finish() }
}

/// ``HTMLWriter``'s state and work: a value, so that the writer's many small writes are checked for exclusive access
/// once a call, not once a write.
private struct HTMLWriting {
    /// Where the bytes go, a chunk at a time, in order.
    private let sink: ([UInt8]) -> Void
    private var buffer: [UInt8] = []
    /// The elements open, outermost first.
    private var open: [Open] = []
    /// Told what the tree holds that no HTML parser would read back the same (``XMLEvent/unwritable(element:line:reason:)``).
    private let refuse: (XMLEvent) -> Void
    /// What is known of each element name met, by its interned pointer.
    private var kinds: [UnsafePointer<xmlChar>: ElementKind] = [:]

    private struct Open {
        let node: xmlNodePtr
        let kind: ElementKind
        /// The last child written (an element), after which its text is to be written; nil: from its first child.
        var written: xmlNodePtr?
        /// Whether nothing of its content has been written yet.
        var empty = true
        /// A raw-text element's text so far, written when it ends: judged whole, since its text nodes (text, CDATA,
        /// references) could split a `</` between them.
        var raw: [UInt8] = []
    }

    /// An element name and how HTML reads the element.
    private struct ElementKind {
        let name: String
        /// The name's UTF-8, as it is written.
        let bytes: [UInt8]
        let isVoid: Bool
        let text: TextRule

        init(_ name: String) {
            self.name = name
            bytes = Array(name.utf8)
            isVoid = HTMLSyntax.voidElements.contains(name)
            text = HTMLSyntax.rawTextElements.contains(name) ? .raw
                : ["pre", "textarea", "listing"].contains(name) ? .leadingNewlineDropped : .escaped
        }
    }

    /// How an element's text is written.
    private enum TextRule {
        case escaped
        /// Escaped, and a newline at its start doubled (HTML drops the first).
        case leadingNewlineDropped
        /// As it is: HTML reads no references in it.
        case raw
    }

    init(sink: @escaping ([UInt8]) -> Void, refuse: @escaping (XMLEvent) -> Void) {
        self.sink = sink
        self.refuse = refuse
        buffer.reserveCapacity(Self.chunkSize)
    }

    /// Bytes handed to the sink at a time.
    private static let chunkSize = 1 << 16
    /// How a void element's start tag ends.
    private static let voidEnd: [UInt8] = Array(" />".utf8)

    mutating func start(_ node: xmlNodePtr, declared: DeclaredDocumentType?, namesInterned: Bool) {
        let kind = kind(of: node, namesInterned: namesInterned)
        if open.isEmpty {
            writePrologue(declared)
        } else {
            writeText(of: open.count - 1, upTo: node)
            open[open.count - 1].written = node
            open[open.count - 1].empty = false
        }
        buffer.append(UInt8(ascii: "<"))
        buffer.append(contentsOf: kind.bytes)
        writeAttributes(of: node)
        if kind.isVoid { buffer.append(contentsOf: Self.voidEnd) } else { buffer.append(UInt8(ascii: ">")) }
        open.append(Open(node: node, kind: kind))
        handOnFullChunk()
    }

    mutating func end(_ node: xmlNodePtr) {
        guard let index = open.lastIndex(where: { $0.node == node }) else { return }
        writeText(of: index, upTo: nil)
        let element = open.remove(at: index)
        if case .raw = element.kind.text {
            if Self.holdsEndOrComment(element.raw) {
                refuse(node, element.kind.name, "its text holds '</' or '<!--' once references are replaced, where a "
                    + "browser reading the report as HTML would end it or hide what follows")
            }
            buffer.append(contentsOf: element.raw)
        }
        if element.kind.isVoid {
            if !element.empty {
                refuse(node, element.kind.name, "it has content, which an HTML parser puts after it: a void element holds nothing")
            }
        } else {
            buffer.append(UInt8(ascii: "<"))
            buffer.append(UInt8(ascii: "/"))
            buffer.append(contentsOf: element.kind.bytes)
            buffer.append(UInt8(ascii: ">"))
        }
        if open.isEmpty { buffer.append(UInt8(ascii: "\n")) }
    }

    mutating func finish() {
        if !buffer.isEmpty { sink(buffer) }
        buffer.removeAll()
    }

    /// The element's name and kind, looked up once a name when names are interned (a prefixed name is made anew).
    private mutating func kind(of node: xmlNodePtr, namesInterned: Bool) -> ElementKind {
        guard namesInterned, node.pointee.ns?.pointee.prefix == nil, let name = node.pointee.name else {
            return ElementKind(XMLString.qualifiedName(node.pointee.name, node.pointee.ns))
        }
        if let known = kinds[name] { return known }
        let kind = ElementKind(XMLString.copy(name) ?? "")
        kinds[name] = kind
        return kind
    }

    // MARK: Writing

    private mutating func writePrologue(_ declared: DeclaredDocumentType?) {
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        guard let declared else { return }
        // A public identifier holds no `"`; a system identifier may, and is then quoted with `'` (it cannot hold both).
        func quoted(_ literal: String) -> String { literal.contains("\"") ? "'" + literal + "'" : "\"" + literal + "\"" }
        var doctype = "<!DOCTYPE " + declared.name
        if let publicID = declared.publicID {
            doctype += " PUBLIC " + quoted(publicID)
            if let systemID = declared.systemID { doctype += " " + quoted(systemID) }
        } else if let systemID = declared.systemID {
            doctype += " SYSTEM " + quoted(systemID)
        }
        append(doctype + ">\n")
    }

    /// Namespace declarations, then attributes, in document order, values with references replaced.
    private mutating func writeAttributes(of node: xmlNodePtr) {
        var namespace = node.pointee.nsDef
        while let current = namespace {
            append(" xmlns")
            if let prefix = current.pointee.prefix {
                buffer.append(UInt8(ascii: ":"))
                buffer.append(contentsOf: Self.bytes(prefix))
            }
            writeAttributeValue(current.pointee.href)
            namespace = current.pointee.next
        }
        var attribute = node.pointee.properties
        while let current = attribute {
            buffer.append(UInt8(ascii: " "))
            if let prefix = current.pointee.ns?.pointee.prefix {
                buffer.append(contentsOf: Self.bytes(prefix))
                buffer.append(UInt8(ascii: ":"))
            }
            buffer.append(contentsOf: Self.bytes(current.pointee.name))
            // A value that is one text node (no reference left in it) is read where it is, not copied.
            if let text = current.pointee.children, text.pointee.type == XML_TEXT_NODE, text.pointee.next == nil {
                writeAttributeValue(text.pointee.content)
            } else {
                let value = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1)
                writeAttributeValue(value.map { UnsafePointer($0) })
                XMLString.free(value)
            }
            attribute = current.pointee.next
        }
    }

    private mutating func writeAttributeValue(_ value: UnsafePointer<xmlChar>?) {
        buffer.append(UInt8(ascii: "="))
        buffer.append(UInt8(ascii: "\""))
        appendEscaped(value, inAttribute: true)
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped: `&`, `<`, `>` and a carriage return (which HTML would read as a newline) always; in an
    /// attribute value also `"` and the white space XML would normalise to a space. The bytes between two escaped
    /// ones go in as one run.
    private mutating func appendEscaped(_ text: UnsafePointer<xmlChar>?, inAttribute: Bool) {
        let bytes = Self.bytes(text)
        var run = 0
        for index in bytes.indices {
            let escaped: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): escaped = "&amp;"
            case UInt8(ascii: "<"): escaped = "&lt;"
            case UInt8(ascii: ">"): escaped = "&gt;"
            case UInt8(ascii: "\r"): escaped = "&#13;"
            case UInt8(ascii: "\"") where inAttribute: escaped = "&quot;"
            case UInt8(ascii: "\t") where inAttribute: escaped = "&#9;"
            case UInt8(ascii: "\n") where inAttribute: escaped = "&#10;"
            default: continue
            }
            buffer.append(contentsOf: bytes[run..<index])
            buffer.append(contentsOf: UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
            run = index + 1
        }
        buffer.append(contentsOf: bytes[run...])
    }

    /// Writes the text nodes of `open[index]` after the last child written, up to `stop` (nil: to its end).
    private mutating func writeText(of index: Int, upTo stop: xmlNodePtr?) {
        var child = open[index].written.map { $0.pointee.next } ?? open[index].node.pointee.children
        while let current = child, current != stop {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                writeText(current.pointee.content, of: index)
            case XML_ENTITY_REF_NODE:
                let content = xmlNodeGetContent(current)
                writeText(content.map { UnsafePointer($0) }, of: index)
                XMLString.free(content)
            default:
                break  // comments and processing instructions are left out; elements were written as they started
            }
            child = current.pointee.next
        }
    }

    private mutating func writeText(_ text: UnsafePointer<xmlChar>?, of index: Int) {
        guard let text, text.pointee != 0 else { return }
        let wasEmpty = open[index].empty
        open[index].empty = false
        switch open[index].kind.text {
        case .raw:
            open[index].raw.append(contentsOf: Self.bytes(text))
            return
        case .leadingNewlineDropped where wasEmpty && text.pointee == UInt8(ascii: "\n"):
            buffer.append(UInt8(ascii: "\n"))
        case .leadingNewlineDropped, .escaped:
            break
        }
        appendEscaped(text, inAttribute: false)
        handOnFullChunk()
    }

    private mutating func handOnFullChunk() {
        guard buffer.count >= Self.chunkSize else { return }
        sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private func refuse(_ node: xmlNodePtr, _ name: String, _ reason: String) {
        refuse(.unwritable(element: "<\(name)>", line: Int(xmlGetLineNo(node)), reason: reason))
    }

    // MARK: Bytes

    /// Whether raw text holds `</` or `<!--`.
    static func holdsEndOrComment(_ bytes: [UInt8]) -> Bool {
        var index = bytes.startIndex
        while let less = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let rest = bytes[(less + 1)...]
            if rest.first == UInt8(ascii: "/") || rest.starts(with: "!--".utf8) { return true }
            index = less + 1
        }
        return false
    }

    /// A libxml2 string's bytes, where libxml2 keeps them (none for NULL).
    private static func bytes(_ text: UnsafePointer<xmlChar>?) -> UnsafeBufferPointer<UInt8> {
        guard let text else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text)))
    }
}

/// What HTML's parser reads differently from XML, as far as writing for it goes.
public enum HTMLSyntax {
    /// HTML's void elements: no content and no end tag.
    public static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    /// The elements whose text HTML reads as raw text, with no references and no tags but their own end tag.
    public static let rawTextElements: Set<String> = [
        "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "xmp",
    ]
}
