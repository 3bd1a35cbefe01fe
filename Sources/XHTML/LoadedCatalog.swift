import CLibXML2

/// One XML catalog file loaded on its own (not into libxml2's global default catalog).
///
/// Owns the `xmlCatalogPtr` and frees it in `deinit`.
final class LoadedCatalog {
    private let handle: OpaquePointer

    /// Loads the catalog at `path`, or returns nil when libxml2 cannot read it.
    ///
    /// - Parameter path: The path of an XML (or SGML) catalog file.
    init?(path: String) {
        guard let handle = xmlLoadACatalog(path) else {
            return nil
        }
        self.handle = handle
    }

    deinit {
        xmlFreeCatalog(handle)
    }

    /// The URI the catalog gives for the identifiers (`public`/`system` entries, then `uri`
    /// entries for the system identifier), or nil.
    ///
    /// - Parameters:
    ///   - publicID: The public identifier, if any.
    ///   - systemID: The system identifier, if any.
    func resolve(publicID: String?, systemID: String?) -> String? {
        let resolved = XMLString.with(publicID) { publicID in
            XMLString.with(systemID) { systemID in
                XMLString.take(xmlACatalogResolve(handle, publicID, systemID))
            }
        }
        if let resolved {
            return resolved
        }
        guard let systemID else { return nil }
        return XMLString.with(systemID) { XMLString.take(xmlACatalogResolveURI(handle, $0)) }
    }
}
