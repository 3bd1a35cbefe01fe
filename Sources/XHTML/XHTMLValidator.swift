/// Validates XML documents against their DTD with libxml2, offline, and can require a document
/// type such as XHTML 1.0 Strict.
///
/// By default only the W3C files compiled into this module are used: the XHTML 1.0 Strict DTD of
/// 2002-08-01 and its entity sets, so a document validates the same on every machine, with no catalog,
/// no file and no network. With ``XMLCatalog/system`` or ``XMLCatalog/files(_:)`` DTDs are found through
/// XML catalogs instead, and never downloaded. Every problem is collected with its line and column:
///
///     let result = XHTMLValidator().validate(html, name: "report.html")
///     try result.throwIfFailed()   // XMLCheckError listing `report.html:12:7: …` lines
///
/// A DTD that cannot be loaded gives ``XMLCheckResult/Outcome/dtdUnavailable(_:)``, not
/// ``XMLCheckResult/Outcome/failed``, so a missing DTD is never mistaken for a bad document.
///
/// Validations are serialized: libxml2 keeps global state (see the module's `LibXML2Runtime`),
/// so calls from several threads are safe but run one at a time.
public struct XHTMLValidator: Sendable {
    /// The default cap on input size: 256 MB.
    public static let defaultMaximumInputSize = 256 * 1024 * 1024

    /// The document type documents must declare, or nil to accept whatever DTD they declare.
    public var requiredDocumentType: XHTMLDocumentType?
    /// Where DTDs are looked up.
    public var catalog: XMLCatalog
    /// Documents larger than this many bytes are refused without parsing (at most `Int32.max`).
    public var maximumInputSize: Int

    /// Creates a validator.
    ///
    /// - Parameters:
    ///   - requiredDocumentType: The type documents must declare; XHTML 1.0 Strict unless told
    ///     otherwise, nil to validate against whatever DTD a document declares.
    ///   - catalog: Where DTDs are looked up; only the built-in XHTML 1.0 Strict files by default.
    ///   - maximumInputSize: The largest document accepted, in bytes.
    public init(
        requiring requiredDocumentType: XHTMLDocumentType? = .xhtml1Strict,
        catalog: XMLCatalog = .builtIn,
        maximumInputSize: Int = XHTMLValidator.defaultMaximumInputSize
    ) {
        self.requiredDocumentType = requiredDocumentType
        self.catalog = catalog
        self.maximumInputSize = maximumInputSize
    }

    /// Validates a document given as text. The text is parsed as UTF-8 whatever its XML
    /// declaration says, because it is already decoded.
    ///
    /// - Parameters:
    ///   - document: The whole document.
    ///   - name: The name used in every diagnostic, such as `report.html`.
    /// - Returns: Every problem found and the verdict.
    public func validate(_ document: String, name: String) -> XMLCheckResult {
        parse(name: name).run(document.utf8, isDecodedText: true)
    }

    /// Validates a document given as bytes; libxml2 detects the encoding from the byte order
    /// mark and the XML declaration (UTF-8 when there is neither).
    ///
    /// - Parameters:
    ///   - document: The whole document.
    ///   - name: The name used in every diagnostic, such as `report.html`.
    /// - Returns: Every problem found and the verdict.
    public func validate(_ document: some Collection<UInt8>, name: String) -> XMLCheckResult {
        parse(name: name).run(document, isDecodedText: false)
    }

    /// Validates a document given as text, showing it to `visitor` in the same pass.
    ///
    /// - Parameters:
    ///   - document: The whole document.
    ///   - name: The name used in every diagnostic.
    ///   - visitor: Shown every element, processing instruction and internal-subset declaration as parsed.
    /// - Returns: Every problem found and the verdict (whatever the visitor concluded).
    public func validate<Visitor: XMLVisitor>(_ document: String, name: String, visitor: inout Visitor) -> XMLCheckResult {
        VisitHooks.with(&visitor) { parse(name: name).run(document.utf8, isDecodedText: true, hooks: $0) }
    }

    /// Validates a document given as text, showing it to `visitor`, and writes into `html` the document libxml2
    /// parsed as an HTML parser reads it back as the same tree (see ``validate(channel:name:visitor:writingHTML:)``);
    /// ship it only when the check passed.
    public func validate<Visitor: XMLVisitor>(
        _ document: String, name: String, visitor: inout Visitor, writingHTMLInto html: inout String
    ) -> XMLCheckResult {
        var bytes: [UInt8] = []
        let result = VisitHooks.with(&visitor, html: { bytes.append(contentsOf: $0) }) {
            parse(name: name).run(document.utf8, isDecodedText: true, hooks: $0)
        }
        html = String(decoding: bytes, as: UTF8.self)
        return result
    }

    func parse(name: String) -> XMLParse {
        XMLParse(
            documentName: name,
            check: .validation(required: requiredDocumentType, catalog: catalog),
            maximumInputSize: maximumInputSize
        )
    }
}

