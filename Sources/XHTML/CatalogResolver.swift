import CLibXML2

/// Maps the identifiers of a DTD or external entity to a built-in W3C file, or to a local file through
/// an XML catalog. It never maps anything to the network: a catalog entry that points at a URL, or a
/// system identifier that is a URL and is in no catalog, is refused.
final class CatalogResolver {
    /// Where a pair of identifiers leads.
    enum Resolution: Equatable {
        /// A W3C file compiled into this module.
        case builtIn(BuiltInDTD)
        /// A local file (path or `file:` URI) to load.
        case local(String)
        /// The catalog maps the identifiers to this non-local URI; it will not be loaded.
        case remote(String)
        /// No catalog entry, and the system identifier is not an absolute local path.
        case unresolved
    }

    /// The catalog in use.
    let catalog: XMLCatalog

    /// The explicitly given catalogs, loaded at the first lookup (inside a parse, so that
    /// libxml2's complaints about a broken catalog reach the parse's error handler).
    private var loadedCatalogs: [LoadedCatalog]?

    /// Creates a resolver for `catalog`; nothing is loaded yet.
    ///
    /// - Parameter catalog: The catalog to look identifiers up in.
    init(catalog: XMLCatalog) {
        self.catalog = catalog
    }

    /// Where the identifiers lead. With the built-in catalog, only to a built-in file; otherwise the catalog first (public and system entries, then URI
    /// entries), then the system identifier itself if it is an absolute local path or `file:` URI.
    ///
    /// - Parameters:
    ///   - publicID: The public identifier, if any.
    ///   - systemID: The system identifier as written in the document, if any.
    func resolve(publicID: String?, systemID: String?) -> Resolution {
        if catalog == .builtIn {
            // Only what is compiled in: no catalog, no file, the same verdict on every machine.
            return BuiltInDTD.named(publicID: publicID, systemID: systemID).map(Resolution.builtIn) ?? .unresolved
        }
        if let mapped = lookUp(publicID: publicID, systemID: systemID) {
            return Self.isLocal(mapped) ? .local(mapped) : .remote(mapped)
        }
        if let systemID, Self.isLocal(systemID) {
            return .local(systemID)
        }
        return .unresolved
    }

    private func lookUp(publicID: String?, systemID: String?) -> String? {
        switch catalog {
        case .builtIn:
            return nil
        case .system:
            let resolved = XMLString.with(publicID) { publicID in
                XMLString.with(systemID) { systemID in
                    XMLString.take(xmlCatalogResolve(publicID, systemID))
                }
            }
            if let resolved {
                return resolved
            }
            guard let systemID else { return nil }
            return XMLString.with(systemID) { XMLString.take(xmlCatalogResolveURI($0)) }
        case .files(let paths):
            let catalogs = loadedCatalogs ?? paths.compactMap(LoadedCatalog.init(path:))
            loadedCatalogs = catalogs
            for catalog in catalogs {
                if let resolved = catalog.resolve(publicID: publicID, systemID: systemID) {
                    return resolved
                }
            }
            return nil
        }
    }

    /// Whether `uri` names a local file: an absolute path or a `file:` URI. Relative references
    /// are not local here: a document checked from memory has no base to resolve them against.
    static func isLocal(_ uri: String) -> Bool {
        uri.hasPrefix("/") || uri.lowercased().hasPrefix("file:")
    }
}
