/// A DTD that could not be loaded offline, so the document could not be validated.
///
/// This is a problem of the machine, not of the document: install the DTDs (on Debian, the
/// package `w3c-sgml-lib`) or point the catalog at them.
public struct UnavailableDTD: Sendable, Hashable, CustomStringConvertible {
    /// Why the DTD could not be loaded.
    public enum Reason: Sendable, Hashable {
        /// No catalog entry maps the identifiers to a local file.
        case notInCatalog
        /// Only built-in DTDs were searched, and the identifiers name none of them.
        case notBuiltIn
        /// The built-in copy of this file cannot be read (a broken build; it never happens in one that passed its tests).
        case builtInUnreadable(fileName: String)
        /// The catalog (or the system identifier) names this local file, and it cannot be read.
        case unreadable(path: String)
        /// The catalog maps the identifiers to this network location; DTDs are never downloaded.
        case remoteOnly(url: String)
        /// The DTD loaded but a file it includes did not; the text is libxml2's message.
        case partUnreadable(String)
    }

    /// The public identifier of the `<!DOCTYPE>` declaration, if it has one.
    public var publicID: String?
    /// The system identifier of the `<!DOCTYPE>` declaration, if it has one.
    public var systemID: String?
    /// The known XHTML document type with that public identifier, if any.
    public var documentType: XHTMLDocumentType?
    /// Why the DTD could not be loaded.
    public var reason: Reason
    /// Where the catalog looked, for people.
    public var searchedCatalogs: String

    /// Creates the description of an unavailable DTD.
    ///
    /// - Parameters:
    ///   - publicID: The public identifier of the declaration.
    ///   - systemID: The system identifier of the declaration.
    ///   - reason: Why the DTD could not be loaded.
    ///   - searchedCatalogs: Where the catalog looked, for people.
    public init(publicID: String?, systemID: String?, reason: Reason, searchedCatalogs: String) {
        self.publicID = publicID
        self.systemID = systemID
        self.documentType = XHTMLDocumentType.named(publicID: publicID)
        self.reason = reason
        self.searchedCatalogs = searchedCatalogs
    }

    /// What is missing and how to install it, on one line. For XHTML 1.0 Strict:
    /// `the XHTML 1.0 Strict DTD is not installed; install the Debian package w3c-sgml-lib
    /// (apt-get install w3c-sgml-lib) …` followed by where the catalog looked.
    public var description: String {
        let install = "install the Debian package w3c-sgml-lib (apt-get install w3c-sgml-lib)"
        let reinstall = "reinstall the Debian package w3c-sgml-lib (apt-get install --reinstall w3c-sgml-lib)"
        if let documentType {
            switch reason {
            case .notInCatalog:
                return "the \(documentType.name) DTD is not installed; \(install) "
                    + "(no catalog entry for \"\(documentType.publicID)\": \(searchedCatalogs))"
            case .unreadable(let path):
                return "the \(documentType.name) DTD is not installed: the XML catalog maps it to \(path), "
                    + "which cannot be read; \(reinstall)"
            case .remoteOnly(let url):
                return "the \(documentType.name) DTD is not installed: the XML catalog maps it to \(url), "
                    + "and DTDs are never downloaded; \(install)"
            case .partUnreadable(let message):
                return "the \(documentType.name) DTD is not installed completely (\(message)); \(reinstall)"
            case .notBuiltIn:
                return "the \(documentType.name) DTD is not built in (only XHTML 1.0 Strict is), and DTDs are never downloaded"
            case .builtInUnreadable(let fileName):
                return "the built-in copy of the \(documentType.name) DTD (\(fileName)) cannot be read; "
                    + "the program is damaged: reinstall it, and please report this"
            }
        }
        let identifiers = identifierText
        switch reason {
        case .notInCatalog:
            return "cannot load the DTD \(identifiers): no XML catalog entry maps it to a local file "
                + "and DTDs are never downloaded (\(searchedCatalogs))"
        case .unreadable(let path):
            return "cannot load the DTD \(identifiers): \(path) cannot be read"
        case .remoteOnly(let url):
            return "cannot load the DTD \(identifiers): the XML catalog maps it to \(url), and DTDs are never downloaded"
        case .partUnreadable(let message):
            return "cannot load all of the DTD \(identifiers): \(message)"
        case .notBuiltIn:
            return "cannot load the DTD \(identifiers): it is not built in (only XHTML 1.0 Strict is), "
                + "and DTDs are never downloaded"
        case .builtInUnreadable(let fileName):
            return "cannot load the DTD \(identifiers): the built-in copy of \(fileName) cannot be read; "
                + "the program is damaged: reinstall it, and please report this"
        }
    }

    /// `PUBLIC "…" "…"`, `SYSTEM "…"` or `(no identifiers)`.
    private var identifierText: String {
        switch (publicID, systemID) {
        case let (publicID?, systemID?): return "PUBLIC \"\(publicID)\" \"\(systemID)\""
        case let (publicID?, nil): return "PUBLIC \"\(publicID)\""
        case let (nil, systemID?): return "SYSTEM \"\(systemID)\""
        case (nil, nil): return "(no identifiers)"
        }
    }
}
