/// An XHTML document type, named by the public identifier in its `<!DOCTYPE>` declaration.
///
/// The validator can require one of them; it also uses them to say which DTD is missing when one
/// cannot be loaded.
public struct XHTMLDocumentType: Sendable, Hashable, CustomStringConvertible {
    /// The name for people, such as `XHTML 1.0 Strict`.
    public var name: String
    /// The root element the declaration names, `html` for every XHTML type.
    public var rootElement: String
    /// The formal public identifier, such as `-//W3C//DTD XHTML 1.0 Strict//EN`.
    public var publicID: String
    /// The system identifier W3C publishes for the DTD (resolved offline through the XML catalog).
    public var systemID: String

    /// Creates a document type.
    ///
    /// - Parameters:
    ///   - name: The name for people.
    ///   - rootElement: The root element the declaration names.
    ///   - publicID: The formal public identifier.
    ///   - systemID: The system identifier.
    public init(name: String, rootElement: String = "html", publicID: String, systemID: String) {
        self.name = name
        self.rootElement = rootElement
        self.publicID = publicID
        self.systemID = systemID
    }

    /// XHTML 1.0 Strict, the type ParPair reports are written in.
    public static let xhtml1Strict = XHTMLDocumentType(
        name: "XHTML 1.0 Strict",
        publicID: "-//W3C//DTD XHTML 1.0 Strict//EN",
        systemID: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"
    )

    /// XHTML 1.0 Transitional.
    public static let xhtml1Transitional = XHTMLDocumentType(
        name: "XHTML 1.0 Transitional",
        publicID: "-//W3C//DTD XHTML 1.0 Transitional//EN",
        systemID: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"
    )

    /// XHTML 1.0 Frameset.
    public static let xhtml1Frameset = XHTMLDocumentType(
        name: "XHTML 1.0 Frameset",
        publicID: "-//W3C//DTD XHTML 1.0 Frameset//EN",
        systemID: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-frameset.dtd"
    )

    /// XHTML 1.1 (its DTD resolves offline by public identifier; keep the public identifier).
    public static let xhtml11 = XHTMLDocumentType(
        name: "XHTML 1.1",
        publicID: "-//W3C//DTD XHTML 1.1//EN",
        systemID: "http://www.w3.org/MarkUp/DTD/xhtml11.dtd"
    )

    /// The document types this module knows by name.
    public static let known: [XHTMLDocumentType] = [xhtml1Strict, xhtml1Transitional, xhtml1Frameset, xhtml11]

    /// The known document type with this public identifier, if any.
    ///
    /// - Parameter publicID: A formal public identifier from a `<!DOCTYPE>` declaration.
    public static func named(publicID: String?) -> XHTMLDocumentType? {
        guard let publicID else { return nil }
        return known.first { $0.publicID == publicID }
    }

    /// The declaration to put before the root element:
    /// `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">`.
    public var declaration: String {
        "<!DOCTYPE \(rootElement) PUBLIC \"\(publicID)\" \"\(systemID)\">"
    }

    /// The name, such as `XHTML 1.0 Strict`.
    public var description: String { name }
}
