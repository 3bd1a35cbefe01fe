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

    /// What libxml2 concluded about one document.
    struct Verdict {
        var parsedDocument: Bool
        var wellFormed: Bool
        var valid: Bool
    }

    /// Parses `bytes` from memory (no URL, so every problem in the document has no file of its
    /// own) and frees the resulting tree at once: only the diagnostics matter.
    ///
    /// - Parameters:
    ///   - bytes: The document, at most `Int32.max` bytes.
    ///   - encoding: The encoding to force (for text that is already decoded), or nil to let
    ///     libxml2 detect it from the byte order mark and the XML declaration.
    ///   - options: `xmlParserOption` flags.
    func read(_ bytes: UnsafeRawBufferPointer, encoding: String?, options: Int32) -> Verdict {
        precondition(bytes.count <= Int(Int32.max), "callers cap the input size")
        let read = { (buffer: UnsafePointer<CChar>) -> Verdict in
            let document = Self.withOptionalCString(encoding) { encoding in
                xmlCtxtReadMemory(self.context, buffer, Int32(bytes.count), nil, encoding, options)
            }
            if let document {
                xmlFreeDoc(document)
            }
            return Verdict(
                parsedDocument: document != nil,
                wellFormed: self.context.pointee.wellFormed != 0,
                valid: self.context.pointee.valid != 0
            )
        }
        if let base = bytes.baseAddress, !bytes.isEmpty {
            return read(base.assumingMemoryBound(to: CChar.self))
        }
        // libxml2 returns NULL without any error for a NULL buffer; give it an empty one instead,
        // so an empty document is reported as such.
        var nothing: CChar = 0
        return read(&nothing)
    }

    /// Where the parser is reading now: line and column from 1, or 0 when unknown.
    static func position(of context: UnsafeMutablePointer<xmlParserCtxt>) -> (line: Int, column: Int) {
        guard let input = context.pointee.input else {
            return (0, 0)
        }
        return (max(0, Int(input.pointee.line)), max(0, Int(input.pointee.col)))
    }

    private static func withOptionalCString<Result>(
        _ text: String?, _ body: (UnsafePointer<CChar>?) -> Result
    ) -> Result {
        guard let text else {
            return body(nil)
        }
        return text.withCString { body($0) }
    }
}
