/// One W3C file compiled into this module (from `Sources/XHTML/DTD`, with the W3C licence notice beside
/// it): the XHTML 1.0 Strict DTD or one of its three entity sets, found by the identifiers that name it.
struct BuiltInDTD: Sendable, Hashable {
    /// The file name in `DTD/`, such as `xhtml1-strict.dtd`.
    var fileName: String
    /// The formal public identifier that names it.
    var publicID: String
    /// The system identifiers that name it; the first is the one W3C publishes, and the base that the
    /// entity sets' relative system identifiers in the DTD are resolved against.
    var systemIDs: [String]

    /// XHTML 1.0 Strict (W3C Recommendation of 2002-08-01) and the entity sets it includes.
    static let all: [BuiltInDTD] = [
        BuiltInDTD(
            fileName: "xhtml1-strict.dtd", publicID: XHTMLDocumentType.xhtml1Strict.publicID,
            systemIDs: [XHTMLDocumentType.xhtml1Strict.systemID, "http://www.w3.org/MarkUp/DTD/xhtml1-strict.dtd"]),
        entitySet("xhtml-lat1.ent", publicID: "-//W3C//ENTITIES Latin 1 for XHTML//EN"),
        entitySet("xhtml-symbol.ent", publicID: "-//W3C//ENTITIES Symbols for XHTML//EN"),
        entitySet("xhtml-special.ent", publicID: "-//W3C//ENTITIES Special for XHTML//EN"),
    ]

    private static func entitySet(_ fileName: String, publicID: String) -> BuiltInDTD {
        BuiltInDTD(fileName: fileName, publicID: publicID, systemIDs: [
            "http://www.w3.org/TR/xhtml1/DTD/" + fileName, "http://www.w3.org/MarkUp/DTD/" + fileName,
            "http://www.w3.org/TR/xhtml-modularization/DTD/" + fileName,
        ])
    }

    /// The built-in file the identifiers name, or nil. A public identifier, when there is one, decides
    /// (it is what names a DTD; the system identifier may be any URL); without one, the system identifier.
    ///
    /// - Parameters:
    ///   - publicID: The public identifier, if any.
    ///   - systemID: The system identifier, if any, as written or resolved against its base.
    static func named(publicID: String?, systemID: String?) -> BuiltInDTD? {
        if let publicID {
            return all.first { $0.publicID == publicID }
        }
        guard let systemID else { return nil }
        return all.first { $0.systemIDs.contains(systemID) }
    }

    /// The URI libxml2 gets as the file's name: the W3C system identifier, so that the DTD's relative
    /// references (`xhtml-lat1.ent`) resolve to the entity sets' own W3C identifiers.
    var baseURI: String { systemIDs[0] }

    /// The file's text, a literal compiled into the binary (nothing to decode); nil if the build left it
    /// out (a broken build: the validator then reports the DTD as unavailable, never a document as invalid).
    var text: String? { EmbeddedDTDFiles.text(fileName) }
}
