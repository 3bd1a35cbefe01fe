import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One check of one document: the size cap, the lock, the handlers, the parse and the verdict.
/// Shared by ``XHTMLValidator`` and ``XMLWellFormedness``.
struct XMLParse {
    /// What to check.
    enum Check {
        /// Validity against the declared DTD (and, when `required` is set, that type).
        case validation(required: XHTMLDocumentType?, catalog: XMLCatalog)
        /// Well-formedness only.
        case wellFormedness
    }

    var documentName: String
    var check: Check
    var maximumInputSize: Int

    /// What the document is checked to be, for messages.
    var requirement: String {
        switch check {
        case .validation(let required?, _): return "valid \(required.name)"
        case .validation(nil, _): return "valid against its DTD"
        case .wellFormedness: return "well-formed XML"
        }
    }

    /// libxml2 options. Never the network (`XML_PARSE_NONET`); `XML_PARSE_HUGE` lifts the
    /// 10,000,000-character limit on one attribute value, which a base64 `data:` URI can pass
    /// (the size cap applies instead). Entities are not substituted (`XML_PARSE_NOENT` is off):
    /// validation does not need it and a visitor is given values with references replaced. `XML_PARSE_BIG_LINES`
    /// keeps an element's line right past line 65,535 (a visitor reports it).
    private var options: Int32 {
        var options = XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_BIG_LINES.rawValue
        if case .validation = check {
            options |= XML_PARSE_DTDVALID.rawValue
        }
        return Int32(truncatingIfNeeded: options)
    }

    /// Checks `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - isDecodedText: Whether the bytes are a string's UTF-8, read as such whatever the XML
    ///     declaration says; otherwise libxml2 detects the encoding.
    func run(_ bytes: some Collection<UInt8>, isDecodedText: Bool, hooks: VisitHooks? = nil) -> XMLCheckResult {
        if let refusal = refusal(byteCount: bytes.count) {
            return refusal
        }
        let run = { (buffer: UnsafeRawBufferPointer) in
            self.run(ChunkSource(.memory(buffer)), isDecodedText: isDecodedText, hooks: hooks,
                     tree: !isDecodedText || !isWellFormednessCheck || hooks != nil || Self.needsTree(buffer))
        }
        if let result = bytes.withContiguousStorageIfAvailable({ run(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(bytes).withUnsafeBytes(run)
    }

    /// Checks the file open at `descriptor`, read a chunk at a time; libxml2 detects the encoding.
    ///
    /// - Parameters:
    ///   - descriptor: Open for reading, at the start of the document.
    ///   - byteCount: The file's size, for the size cap.
    /// - Returns: The result, and `errno` of a failed read (the result then reports a truncated
    ///   document).
    func run(descriptor: Int32, byteCount: Int, hooks: VisitHooks? = nil) -> (XMLCheckResult, readError: Int32?) {
        if let refusal = refusal(byteCount: byteCount) {
            return (refusal, nil)
        }
        let source = ChunkSource(.descriptor(descriptor))
        return (run(source, isDecodedText: false, hooks: hooks), source.readError)
    }

    /// Checks the bytes another thread sends through `channel` as it writes them; returns once the
    /// channel is finished, or once the parser stopped reading (the document grew past the size cap, or
    /// libxml2 gave up at a fatal error such as content after the root element), when the rest is dropped.
    func run(channel: ByteChannel, hooks: VisitHooks? = nil) -> XMLCheckResult {
        let limit = min(max(0, maximumInputSize), Int(Int32.max))
        let source = ChunkSource(.channel(channel, limit: limit))
        let result = run(source, isDecodedText: false, hooks: hooks)
        // Whatever is still to come is dropped, so the writer never waits on a reader that has stopped.
        channel.discard()
        if source.overLimit {
            return refusal(byteCount: max(channel.byteCount, limit + 1)) ?? result
        }
        return result
    }

    /// The result for a document over the size cap, which is not parsed; nil when it is not over.
    private func refusal(byteCount: Int) -> XMLCheckResult? {
        let limit = min(max(0, maximumInputSize), Int(Int32.max))
        guard byteCount > limit else {
            return nil
        }
        return XMLCheckResult(
            documentName: documentName, requirement: requirement,
            outcome: .inputTooLarge(byteCount: byteCount, limit: limit),
            diagnostics: [Diagnostic(
                file: documentName, line: 0, column: 0, severity: .error,
                message: "document is \(byteCount) bytes; documents over \(limit) bytes are not checked"
            )]
        )
    }

    private var isWellFormednessCheck: Bool {
        if case .wellFormedness = check { return true }
        return false
    }

    /// Whether a well-formedness check of UTF-8 `bytes` needs libxml2's tree: the tree builder makes checks of its
    /// own on ID attributes (an `xml:id` that is no NCName, an ID given twice, where an internal subset can declare
    /// IDs) and on namespaces in entities' text, which only a `<!DOCTYPE` can declare. Without either, every
    /// problem is the parser's.
    static func needsTree(_ bytes: UnsafeRawBufferPointer) -> Bool {
        contains(Array("xml:id".utf8), in: bytes) || contains(Array("<!DOCTYPE".utf8), in: bytes)
    }

    private static func contains(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, !needle.isEmpty else { return false }
        return needle.withUnsafeBytes { wanted in
            var offset = 0
            // libc's memchr finds each candidate first byte: the scan runs over every chart before its check.
            while offset + wanted.count <= bytes.count,
                  let hit = memchr(base + offset, Int32(wanted[0]), bytes.count - offset - wanted.count + 1) {
                if memcmp(hit, wanted.baseAddress!, wanted.count) == 0 { return true }
                offset = base.distance(to: UnsafeRawPointer(hit)) + 1
            }
            return false
        }
    }

    /// - Parameter tree: Whether libxml2 builds the document's tree (pruned as it goes); a well-formedness check of
    ///   text without a visitor does without (see ``ParseSession/buildsTree``).
    private func run(_ source: ChunkSource, isDecodedText: Bool, hooks: VisitHooks?, tree: Bool = true) -> XMLCheckResult {
        switch check {
        case .validation: LibXML2Runtime.exclusively { parse(source, isDecodedText: isDecodedText, hooks: hooks, tree: tree) }
        case .wellFormedness: LibXML2Runtime.alongsideOthers { parse(source, isDecodedText: isDecodedText, hooks: hooks, tree: tree) }
        }
    }

    private func parse(_ source: ChunkSource, isDecodedText: Bool, hooks: VisitHooks?, tree: Bool) -> XMLCheckResult {
        let session: ParseSession
        switch check {
        case .validation(let required, let catalog):
            session = ParseSession(
                documentName: documentName,
                mode: .validation(required: required, resolver: CatalogResolver(catalog: catalog)), hooks: hooks
            )
        case .wellFormedness:
            session = ParseSession(documentName: documentName, mode: .wellFormedness, hooks: hooks, buildsTree: tree)
        }
        return withExtendedLifetime(session) {
            // Errors raised outside the parser context (an unreadable catalog, for example)
            // go to the thread's structured handler; catch them for this parse only.
            xmlSetStructuredErrorFunc(Unmanaged.passUnretained(session).toOpaque()) { data, error in
                guard let data, let error else { return }
                Unmanaged<ParseSession>.fromOpaque(data).takeUnretainedValue().recordStray(error.pointee)
            }
            defer { xmlSetStructuredErrorFunc(nil, nil) }

            guard let context = ParserContext(session: session) else {
                return session.contextUnavailableResult(requirement: requirement)
            }
            let verdict = context.read(
                source, options: options | (isDecodedText ? Int32(XML_PARSE_IGNORE_ENC.rawValue) : 0)
            )
            return session.result(
                requirement: requirement, parsedDocument: verdict.parsedDocument,
                wellFormed: verdict.wellFormed, valid: verdict.valid
            )
        }
    }
}
