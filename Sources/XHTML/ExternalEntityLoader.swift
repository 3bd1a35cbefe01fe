import CLibXML2

/// libxml2's process-wide external entity loader, replaced once (before the first parse) by one that
/// hands every load of our parses to their ``ParseSession``: the parameter entities a DTD includes (the
/// XHTML entity sets) reach libxml2 through this loader, not through the SAX `resolveEntity` handler
/// that ``ParserContext`` installs for the external subset. So both go through the session's resolver:
/// built-in files or the catalog, never the network.
enum ExternalEntityLoader {
    /// The loader libxml2 had before; only loads for parser contexts that are not ours reach it.
    nonisolated(unsafe) private static var previous: xmlExternalEntityLoader?

    /// Installs the loader. Called once, from ``LibXML2Runtime``'s initialisation.
    static func install() {
        previous = xmlGetExternalEntityLoader()
        xmlSetExternalEntityLoader { url, publicID, context in
            guard let context, let session = ParseSession.of(context) else {
                return ExternalEntityLoader.previous?(url, publicID, context)
            }
            return session.loadExternalEntity(
                publicID: publicID.map { String(cString: $0) }, systemID: url.map { String(cString: $0) }, context: context
            )
        }
    }
}
