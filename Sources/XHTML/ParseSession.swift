import CLibXML2

/// The state of one parse: the diagnostics collected so far, the document type the document
/// declares, and what happened when its DTD was loaded.
///
/// libxml2's callbacks find the session through the parser context's `_private` pointer (see
/// ``ParserContext``); libxml2 copies that pointer into the contexts it makes for external
/// entities, so their errors arrive here too. Used on one thread, under ``LibXML2Runtime``'s lock.
final class ParseSession {
    /// What the parse checks.
    enum Mode {
        /// Well-formedness and validity against the declared DTD, found through `resolver`;
        /// when `required` is set, the document must also declare that type.
        case validation(required: XHTMLDocumentType?, resolver: CatalogResolver)
        /// Well-formedness only; nothing external is loaded.
        case wellFormedness
    }

    let documentName: String
    let mode: Mode
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var declaredType: DeclaredDocumentType?
    /// The external DTD subset that could not be loaded, if any.
    private(set) var unavailableDTD: UnavailableDTD?
    /// Whether the document lacks the required `<!DOCTYPE>` or has another one.
    private(set) var documentTypeRejected = false
    /// libxml2's message for the first I/O error while reading the DTD (a file it includes).
    private var dtdReadFailure: String?
    private var externalSubsetRequested = false
    /// The visitor shown the document as it is parsed, if any.
    let hooks: VisitHooks?
    /// What the DTD said of the attributes whose elements were pruned, by name (see ``ParserContext``).
    let references = ReferenceAttributes()
    /// Whether libxml2 builds the document's tree. Validation needs it (libxml2 validates the tree), and so does
    /// a visitor; a well-formedness check of a document the tree builder has nothing to check in does not (see
    /// ``XMLParse/needsTree(_:)``).
    let buildsTree: Bool

    init(documentName: String, mode: Mode, hooks: VisitHooks? = nil, buildsTree: Bool = true) {
        self.documentName = documentName
        self.mode = mode
        self.hooks = hooks
        self.buildsTree = buildsTree || hooks != nil
    }

    /// The session a parser context belongs to, if it is one of ours.
    static func of(_ context: UnsafeMutablePointer<xmlParserCtxt>) -> ParseSession? {
        context.pointee._private.map { Unmanaged<ParseSession>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Records an error or warning libxml2 raised while parsing.
    ///
    /// - Parameters:
    ///   - error: The structured error.
    ///   - inSubset: Whether the parser was reading a DTD (internal or external subset).
    func record(_ error: xmlError, inSubset: Bool) {
        let diagnostic = Diagnostic(libxml2: error, documentName: documentName)
        let domain = Int(error.domain)
        // "Validation failed: no DTD found !" comes from the DTD domain (SAX2) or the validity one.
        if Int(error.code) == Int(XML_DTD_NO_DTD.rawValue) {
            rejectMissingDocumentType(at: diagnostic)
        }
        if inSubset, domain == Int(XML_FROM_IO.rawValue), dtdReadFailure == nil {
            dtdReadFailure = diagnostic.message
        }
        diagnostics.append(diagnostic)
    }

    /// Shows the visitor an element whose content was parsed: its name, line, attributes (references replaced)
    /// and namespace declarations, and its text when the visitor asks for it.
    func visitElement(_ node: xmlNodePtr) {
        guard let hooks, node.pointee.type == XML_ELEMENT_NODE else { return }
        let name = XMLString.qualifiedName(node.pointee.name, node.pointee.ns)
        var attributes: [XMLAttribute] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let value = XMLString.take(xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1)) ?? ""
            attributes.append(XMLAttribute(name: XMLString.qualifiedName(current.pointee.name, current.pointee.ns), value: value))
            attribute = current.pointee.next
        }
        var namespace = node.pointee.nsDef
        while let current = namespace {
            let prefix = XMLString.copy(current.pointee.prefix)
            attributes.append(XMLAttribute(name: prefix.map { "xmlns:" + $0 } ?? "xmlns", value: XMLString.copy(current.pointee.href) ?? ""))
            namespace = current.pointee.next
        }
        let text = hooks.elementsWithText.contains(name) ? XMLString.take(xmlNodeGetContent(node)) ?? "" : nil
        hooks.visit(.element(XMLVisitedElement(name: name, line: Int(xmlGetLineNo(node)), attributes: attributes, text: text)))
    }

    /// Records an error libxml2 raised outside the parser context (a catalog it could not read,
    /// for example), caught by the thread's structured error handler.
    func recordStray(_ error: xmlError) {
        diagnostics.append(Diagnostic(libxml2: error, documentName: documentName))
    }

    /// Notes the document's `<!DOCTYPE>` declaration and rejects it when another type is required.
    func declareDocumentType(_ declared: DeclaredDocumentType) {
        declaredType = declared
        guard case .validation(let required?, _) = mode, declared.publicID != required.publicID else {
            return
        }
        documentTypeRejected = true
        diagnostics.append(Diagnostic(
            file: documentName, line: declared.line, column: declared.column, severity: .error,
            message: "document type is \(declared.summary), but \(required.name) is required: \(required.declaration)"
        ))
    }

    /// Opens an external entity (the external DTD subset, from the SAX `resolveEntity` handler, or a
    /// parameter entity it includes, from ``ExternalEntityLoader``) from a built-in W3C file or a local
    /// file found through the catalog, or records why it cannot be loaded. Never uses the network.
    ///
    /// - Returns: The input for libxml2 to read, or nil when nothing was loaded.
    func loadExternalEntity(
        publicID: String?, systemID: String?, context: UnsafeMutablePointer<xmlParserCtxt>
    ) -> xmlParserInputPtr? {
        let position = ParserContext.position(of: context)
        guard case .validation(_, let resolver) = mode else {
            diagnostics.append(Diagnostic(
                file: documentName, line: position.line, column: position.column, severity: .warning,
                message: "external entity \(Self.identifiers(publicID, systemID)) not loaded: "
                    + "a well-formedness check loads nothing"
            ))
            return nil
        }
        let isExternalSubset = !externalSubsetRequested
            && publicID == declaredType?.publicID && systemID == declaredType?.systemID
        if isExternalSubset {
            externalSubsetRequested = true
            // The document already failed for declaring another type: its DTD would tell nothing more.
            if documentTypeRejected, resolver.catalog == .builtIn { return nil }
        }
        let reason: UnavailableDTD.Reason
        switch resolver.resolve(publicID: publicID, systemID: systemID) {
        case .builtIn(let file):
            if let text = file.text, let input = ParserContext.input(from: text, named: file.baseURI, context: context) {
                return input
            }
            reason = .builtInUnreadable(fileName: file.fileName)
        case .local(let path):
            if let input = xmlNewInputFromFile(context, path) {
                return input
            }
            reason = .unreadable(path: path)
        case .remote(let url):
            reason = .remoteOnly(url: url)
        case .unresolved:
            reason = resolver.catalog == .builtIn ? .notBuiltIn : .notInCatalog
        }
        let unavailable = UnavailableDTD(
            publicID: publicID, systemID: systemID, reason: reason,
            searchedCatalogs: resolver.catalog.searchDescription
        )
        if isExternalSubset, unavailableDTD == nil {
            unavailableDTD = unavailable
        } else if !isExternalSubset, context.pointee.inSubset != 0, dtdReadFailure == nil {
            // A file the DTD includes: the DTD is there, but not all of it.
            dtdReadFailure = "\(Self.identifiers(publicID, systemID)) not loaded: \(unavailable)"
        }
        diagnostics.append(Diagnostic(
            file: documentName, line: position.line, column: position.column, severity: .error,
            message: isExternalSubset ? unavailable.description
                : "external entity \(Self.identifiers(publicID, systemID)) not loaded: \(unavailable)"
        ))
        return nil
    }

    /// The result, once libxml2 has finished.
    ///
    /// - Parameters:
    ///   - requirement: What the document was checked to be, for messages.
    ///   - parsedDocument: Whether libxml2 returned a document.
    ///   - wellFormed: libxml2's `wellFormed` flag.
    ///   - valid: libxml2's `valid` flag (ignored for a well-formedness check).
    func result(requirement: String, parsedDocument: Bool, wellFormed: Bool, valid: Bool) -> XMLCheckResult {
        var diagnostics = self.diagnostics
        var validating = false
        var partlyUnavailable: UnavailableDTD?
        if case .validation(_, let resolver) = mode {
            validating = true
            if let dtdReadFailure {
                partlyUnavailable = UnavailableDTD(
                    publicID: declaredType?.publicID, systemID: declaredType?.systemID,
                    reason: .partUnreadable(dtdReadFailure), searchedCatalogs: resolver.catalog.searchDescription
                )
            }
        }
        let rejected = !parsedDocument || !wellFormed || (validating && !valid)
        if rejected, !diagnostics.contains(where: { $0.severity == .error }) {
            diagnostics.append(Diagnostic(
                file: documentName, line: 0, column: 0, severity: .error,
                message: "libxml2 rejected the document without saying why "
                    + "(document: \(parsedDocument), well-formed: \(wellFormed), valid: \(valid))"
            ))
        }
        diagnostics = Self.inDocumentOrder(diagnostics)
        let outcome: XMLCheckResult.Outcome
        if documentTypeRejected {
            outcome = .failed
        } else if let unavailable = unavailableDTD ?? partlyUnavailable {
            outcome = .dtdUnavailable(unavailable)
        } else if diagnostics.contains(where: { $0.severity == .error }) {
            outcome = .failed
        } else {
            outcome = .passed
        }
        return XMLCheckResult(
            documentName: documentName, requirement: requirement, outcome: outcome, diagnostics: diagnostics
        )
    }

    /// Diagnostics by line and column, otherwise in the order they were raised. libxml2 reports
    /// references to unknown IDs at the end, with a line but no column, by walking a hash table with
    /// a random seed, so in a different order each time: those are ordered by message.
    static func inDocumentOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            if a.column == 0, a.message != b.message { return a.message < b.message }
            return first.offset < second.offset
        }.map(\.element)
    }

    /// A result for a parse that could not start because libxml2 gave no parser context.
    func contextUnavailableResult(requirement: String) -> XMLCheckResult {
        XMLCheckResult(
            documentName: documentName, requirement: requirement, outcome: .failed,
            diagnostics: diagnostics + [Diagnostic(
                file: documentName, line: 0, column: 0, severity: .error,
                message: "libxml2 could not create a parser context (out of memory?)"
            )]
        )
    }

    private func rejectMissingDocumentType(at diagnostic: Diagnostic) {
        guard case .validation(let required?, _) = mode, declaredType == nil, !documentTypeRejected else {
            return
        }
        documentTypeRejected = true
        diagnostics.append(Diagnostic(
            file: diagnostic.file, line: diagnostic.line, column: diagnostic.column, severity: .error,
            message: "document has no DOCTYPE declaration; \(required.name) requires "
                + "\(required.declaration) before the root element"
        ))
    }

    private static func identifiers(_ publicID: String?, _ systemID: String?) -> String {
        [publicID.map { "PUBLIC \"\($0)\"" }, systemID.map { "\"\($0)\"" }]
            .compactMap { $0 }
            .joined(separator: " ")
    }
}
