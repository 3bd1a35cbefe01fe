import CLibXML2

/// One libxml2 parser context with this module's handlers installed, owned for one parse.
///
/// The context's SAX block is its own copy, so the handlers set here apply to this parse only:
/// `serror` collects every error, validity error and warning into the ``ParseSession``,
/// `internalSubset` notes the `<!DOCTYPE>` declaration, and `resolveEntity` loads the external
/// DTD subset through the catalog, offline. `deinit` frees the context.
final class ParserContext {
    private let context: UnsafeMutablePointer<xmlParserCtxt>

    /// Creates a context whose callbacks report to `session`, or nil when libxml2 cannot make one.
    /// The session must outlive the context.
    init?(session: ParseSession) {
        guard let context = xmlNewParserCtxt() else {
            return nil
        }
        guard let handlers = context.pointee.sax else {
            xmlFreeParserCtxt(context)
            return nil
        }
        self.context = context
        context.pointee._private = Unmanaged.passUnretained(session).toOpaque()

        // With SAX2 handlers, libxml2 calls `serror` with the context's userData, which is the
        // context itself (also for validity errors and for the contexts it makes for entities).
        handlers.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            ParseSession.of(context)?.record(error.pointee, inSubset: context.pointee.inSubset != 0)
        }
        handlers.pointee.internalSubset = { userData, name, externalID, systemID in
            if let userData {
                let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
                let position = ParserContext.position(of: context)
                ParseSession.of(context)?.declareDocumentType(DeclaredDocumentType(
                    name: XMLString.copy(name) ?? "",
                    publicID: XMLString.copy(externalID),
                    systemID: XMLString.copy(systemID),
                    line: position.line,
                    column: position.column
                ))
            }
            xmlSAX2InternalSubset(userData, name, externalID, systemID)
        }
        // Nothing reads the tree, so an element's children are freed as soon as the element
        // itself has been validated: memory follows the document's depth, not its size.
        handlers.pointee.endElementNs = { userData, localName, prefix, uri in
            guard let userData else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            let ended = context.pointee.node
            let session = ParseSession.of(context)
            if let ended, context.pointee.inSubset == 0, let session, let hooks = session.hooks {
                hooks.html?.end(ended)
                session.visitElement(ended)
            }
            xmlSAX2EndElementNs(userData, localName, prefix, uri)
            if let ended {
                ParserContext.pruneChildren(of: ended)
                // Names are the dictionary's, one pointer a name, only with the context's dictionary.
                let references = context.pointee.dictNames != 0 ? session?.references : nil
                ParserContext.pruneAttributes(of: ended, in: context.pointee.myDoc, references: references)
            }
        }
        if let hooks = session.hooks {
            handlers.pointee.processingInstruction = { userData, target, data in
                if let userData {
                    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
                    if context.pointee.inSubset == 0 {
                        ParseSession.of(context)?.hooks?.visit(.instruction(
                            target: XMLString.copy(target) ?? "", line: ParserContext.position(of: context).line))
                    }
                }
                xmlSAX2ProcessingInstruction(userData, target, data)
            }
            if hooks.wantsStartTags || hooks.html != nil {
                handlers.pointee.startElementNs = { userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes in
                    xmlSAX2StartElementNs(userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes)
                    guard let userData else { return }
                    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
                    guard let session = ParseSession.of(context), let hooks = session.hooks else { return }
                    if let writer = hooks.html, let started = context.pointee.node, context.pointee.inSubset == 0 {
                        writer.start(started, declared: session.declaredType, namesInterned: context.pointee.dictNames != 0)
                    }
                    guard hooks.wantsStartTags else { return }
                    // libxml2 calls this with its cursor on the `>` (or `/>`) that ends the tag.
                    let local = XMLString.copy(localName) ?? ""
                    let name = XMLString.copy(prefix).map { $0 + ":" + local } ?? local
                    let empty = context.pointee.input?.pointee.cur?.pointee == UInt8(ascii: "/")
                    hooks.visit(.startTag(
                        name: name, line: ParserContext.position(of: context).line, endOffset: Int(xmlByteConsumed(context)),
                        isEmptyElementTag: empty))
                }
            }
        }
        if !session.buildsTree {
            // No elements, text or references are made: the parser checks them as it reads. The document node
            // (`startDocument`) and comments and processing instructions stay (libxml2 words some of its messages
            // about comments differently when nobody takes them).
            handlers.pointee.startElementNs = nil
            handlers.pointee.endElementNs = nil
            handlers.pointee.characters = nil
            handlers.pointee.ignorableWhitespace = nil
            handlers.pointee.cdataBlock = nil
            handlers.pointee.reference = nil
        }
        if session.hooks != nil { Self.showCommentsAndCDATA(handlers) }
        handlers.pointee.resolveEntity = { userData, publicID, systemID in
            guard let userData else { return nil }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            return ParseSession.of(context)?.loadExternalEntity(
                publicID: XMLString.copy(publicID), systemID: XMLString.copy(systemID), context: context
            )
        }
    }

    deinit {
        xmlFreeParserCtxt(context)
    }

    /// Shows the visitor each comment and CDATA section of the document, as libxml2 reads them.
    private static func showCommentsAndCDATA(_ handlers: UnsafeMutablePointer<xmlSAXHandler>) {
        handlers.pointee.comment = { userData, value in
            if let userData {
                let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
                if context.pointee.inSubset == 0 {
                    ParseSession.of(context)?.hooks?.visit(.comment(line: ParserContext.position(of: context).line))
                }
            }
            xmlSAX2Comment(userData, value)
        }
        handlers.pointee.cdataBlock = { userData, value, length in
            guard let userData else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            ParseSession.of(context)?.hooks?.visit(.cdata(line: ParserContext.position(of: context).line))
            if ParseSession.of(context)?.buildsTree == true { xmlSAX2CDataBlock(userData, value, length) }
        }
    }

    /// What libxml2 concluded about one document.
    struct Verdict {
        var parsedDocument: Bool
        var wellFormed: Bool
        var valid: Bool
    }

    /// Parses a document (no URL, so every problem in it has no file of its own) and frees what is
    /// left of the tree at once: only the diagnostics matter.
    ///
    /// libxml2 pulls the document through a read callback, a chunk at a time, and drops what it
    /// has parsed, so it never holds a copy of the whole document (`xmlCtxtReadMemory` copies it,
    /// and converts it into a second copy when an encoding is forced).
    ///
    /// - Parameters:
    ///   - source: Where the bytes come from; it records a read error, if any.
    ///   - options: `xmlParserOption` flags; `XML_PARSE_IGNORE_ENC` reads already decoded text as
    ///     UTF-8 whatever its XML declaration says.
    func read(_ source: ChunkSource, options: Int32) -> Verdict {
        let document: xmlDocPtr?
        switch source.origin {
        case .channel where ParseSession.of(context)?.hooks == nil: document = push(source, options: options)
        case .channel, .memory, .descriptor: document = pull(source, options: options)
        }
        if let document, let subset = document.pointee.intSubset, subset.pointee.children != nil,
           let session = ParseSession.of(context), let hooks = session.hooks {
            hooks.visit(.internalSubset(line: session.declaredType?.line ?? 1))
        }
        if let document {
            xmlFreeDoc(document)
        }
        return Verdict(
            parsedDocument: document != nil,
            wellFormed: context.pointee.wellFormed != 0,
            valid: context.pointee.valid != 0
        )
    }

    /// A file or bytes in memory (a chart, a report rendered for standard output) are read through a read callback,
    /// 4,000 bytes at a time, as `xmllint` reads a file, so the check never holds a second copy of them. libxml2 2.9.14
    /// then takes an attribute value longer than what it holds of the document character by character, its slow
    /// path; a chart's attributes are short.
    private func pull(_ source: ChunkSource, options: Int32) -> xmlDocPtr? {
        let document = xmlCtxtReadIO(context, { source, buffer, length in
            guard let source, let buffer, length > 0 else { return 0 }
            return Unmanaged<ChunkSource>.fromOpaque(source).takeUnretainedValue()
                .read(into: buffer, length: Int(length))
        }, nil, Unmanaged.passUnretained(source).toOpaque(), nil, nil, options)
        withExtendedLifetime(source) {}
        return document
    }

    /// Bytes from a channel that no visitor walks (a built-in template's report as it is written) are pushed to
    /// libxml2 in large chunks: its push parser starts a tag only once the whole tag has arrived, so a chart's 14 KB
    /// `data:` URI is taken in one step, not character by character as ``pull(_:options:)`` takes it. The diagnostics
    /// of a well-formed document are the same either way; a malformed one's are not (after a fatal error the push
    /// parser stops where a pull goes on, and it words a truncated document as extra content), so the output of a
    /// user's template, which the allow-list walks, is pulled as before.
    private func push(_ source: ChunkSource, options: Int32) -> xmlDocPtr? {
        let chunk = UnsafeMutablePointer<CChar>.allocate(capacity: Self.pushChunkSize)
        defer { chunk.deallocate() }
        // What has come is parsed as it comes (a report's prologue, sent ahead of its pages, has the DTD read
        // while the pages are made); the first read waits for the 4 bytes the encoding is detected from.
        var count = source.read(into: chunk, length: Self.pushChunkSize, minimum: 4)
        // Nothing came: the pull reads the same nothing and says so as it says it of an empty file.
        guard count > 0 else { return pull(source, options: options) }
        // The first bytes go with the reset, so that libxml2 detects the encoding from them (a byte-order mark,
        // UTF-16) as a pull does; without them it takes UTF-8 and reads a byte-order mark as content.
        let first = min(4, Int(count))
        guard xmlCtxtResetPush(context, chunk, Int32(first), nil, nil) == 0 else { return nil }
        _ = xmlCtxtUseOptions(context, options)
        if Int(count) > first { _ = xmlParseChunk(context, chunk + first, count - Int32(first), 0) }
        while context.pointee.instate != XML_PARSER_EOF {
            count = source.read(into: chunk, length: Self.pushChunkSize, minimum: 1)
            guard count > 0 else { break }
            _ = xmlParseChunk(context, chunk, count, 0)
        }
        _ = xmlParseChunk(context, nil, 0, 1)
        let document = context.pointee.myDoc
        context.pointee.myDoc = nil
        return document
    }

    /// Bytes handed to the push parser at a time.
    private static let pushChunkSize = 64 * 1024

    /// Frees the children of an element whose content libxml2 has validated, keeping only those
    /// that carry an ID or IDREF attribute or still hold such a descendant: libxml2's ID and
    /// reference tables point at those attributes until the end of the document (duplicate
    /// IDs, references to unknown IDs). Every child was pruned when it ended (its other
    /// attributes and its other children freed), so a child with anything left is one to keep.
    static func pruneChildren(of element: xmlNodePtr) {
        guard element.pointee.type == XML_ELEMENT_NODE else {
            return
        }
        for child in siblings(from: element.pointee.children, next: { $0.pointee.next }) {
            let keep = child.pointee.type == XML_ELEMENT_NODE
                && (child.pointee.children != nil || child.pointee.properties != nil)
            if !keep {
                xmlUnlinkNode(child)
                xmlFreeNode(child)
            }
        }
    }

    /// Frees the attributes of an element that libxml2 has validated (it checks them, too, when
    /// the element ends), except ID and IDREF ones: its parent's check needs only its name.
    /// - Parameter references: what the DTD said of the element's and attribute's names before, when they are the
    ///   parse's dictionary's.
    static func pruneAttributes(of element: xmlNodePtr, in document: xmlDocPtr?, references: ReferenceAttributes? = nil) {
        guard element.pointee.type == XML_ELEMENT_NODE else {
            return
        }
        for attribute in siblings(from: element.pointee.properties, next: { $0.pointee.next })
        where !isIdentity(attribute, of: element, in: document, references: references) {
            _ = xmlRemoveProp(attribute)
        }
    }

    /// A linked list of nodes or attributes; each next one is read before the current is handed
    /// out, so the current one may be freed.
    private static func siblings<Node>(
        from first: UnsafeMutablePointer<Node>?, next: @escaping (UnsafeMutablePointer<Node>) -> UnsafeMutablePointer<Node>?
    ) -> UnfoldSequence<UnsafeMutablePointer<Node>, UnsafeMutablePointer<Node>?> {
        sequence(state: first) { current in
            guard let node = current else { return nil }
            current = next(node)
            return node
        }
    }

    /// Whether libxml2's ID table holds the attribute, or the DTD makes it an IDREF(S), which the reference table
    /// points at. An ID in the table is marked by its `atype`, as libxml2 marks it (and reads it back when it frees
    /// an attribute); Debian's 2.9.14 keeps flags in the field's top four bits (`XML_ATTR_GET_ATYPE`). An IDREF is
    /// the DTD's answer for the element's and the attribute's names, remembered by `references`, so the DTD is asked
    /// once per element and attribute name, not twice (`xmlIsID`, `xmlIsRef`) for every attribute.
    private static func isIdentity(
        _ attribute: xmlAttrPtr, of element: xmlNodePtr, in document: xmlDocPtr?, references: ReferenceAttributes?
    ) -> Bool {
        if attribute.pointee.atype.rawValue & ~(15 << 27) == XML_ATTRIBUTE_ID.rawValue { return true }
        guard let references, attribute.pointee.ns == nil else { return xmlIsRef(document, element, attribute) != 0 }
        return references.answer(element.pointee.name, attribute.pointee.name) {
            xmlIsRef(document, element, attribute) != 0
        }
    }

    /// A new input for libxml2 to read `text`'s UTF-8 from (libxml2 copies it), named `name`: the URI that the
    /// relative system identifiers inside it are resolved against. Nil when libxml2 cannot make one.
    static func input(
        from text: String, named name: String, context: UnsafeMutablePointer<xmlParserCtxt>
    ) -> xmlParserInputPtr? {
        var text = text
        let buffer = text.withUTF8 { memory in
            memory.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: memory.count) {
                    xmlParserInputBufferCreateMem($0, Int32(memory.count), XML_CHAR_ENCODING_NONE)
                }
            }
        }
        guard let buffer else { return nil }
        // On failure libxml2 2.9 leaves the buffer to the caller, later versions free it themselves:
        // it is left alone (a leak only when libxml2 is out of memory).
        guard let input = xmlNewIOInputStream(context, buffer, XML_CHAR_ENCODING_NONE) else { return nil }
        // Freed with the input by libxml2's deallocator, so allocated by libxml2.
        if let copy = xmlCharStrdup(name) {
            input.pointee.filename = UnsafePointer(UnsafeMutableRawPointer(copy).assumingMemoryBound(to: CChar.self))
        }
        return input
    }

    /// Where the parser is reading now: line and column from 1, or 0 when unknown.
    static func position(of context: UnsafeMutablePointer<xmlParserCtxt>) -> (line: Int, column: Int) {
        guard let input = context.pointee.input else {
            return (0, 0)
        }
        return (max(0, Int(input.pointee.line)), max(0, Int(input.pointee.col)))
    }
}

/// Whether the DTD makes an attribute of an element an IDREF(S), remembered for each pair of names met: the DTD is
/// whole once the document's body begins, and the answer depends only on the two names. Keyed by the names'
/// pointers, which stand for the names only while they are the parse's dictionary's, for one parse.
final class ReferenceAttributes {
    private struct Entry {
        var element: UnsafePointer<xmlChar>
        var attribute: UnsafePointer<xmlChar>
        var isReference: Bool
    }
    /// The pairs met so far; a document's elements and attributes make a few dozen.
    private var entries: [Entry] = []

    func answer(
        _ element: UnsafePointer<xmlChar>?, _ attribute: UnsafePointer<xmlChar>?, asking: () -> Bool
    ) -> Bool {
        guard let element, let attribute else { return asking() }
        if let known = entries.first(where: { $0.element == element && $0.attribute == attribute }) { return known.isReference }
        let isReference = asking()
        entries.append(Entry(element: element, attribute: attribute, isReference: isReference))
        return isReference
    }
}
