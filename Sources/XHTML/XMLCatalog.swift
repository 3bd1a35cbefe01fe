/// Where DTDs are looked up. Always offline: a DTD that is not built in, or that the catalog does not
/// map to a local file, is reported as unavailable, never fetched from the network.
public enum XMLCatalog: Sendable, Hashable {
    /// Only the W3C files compiled into this module: the XHTML 1.0 Strict DTD (Recommendation of
    /// 2002-08-01) and its three entity sets. No catalog and no file is read, so a document validates
    /// the same on every machine.
    case builtIn
    /// libxml2's default XML catalogs: the files in `XML_CATALOG_FILES` when it is set, otherwise
    /// `/etc/xml/catalog` (on Debian, `w3c-sgml-lib` registers the W3C DTDs there).
    ///
    /// libxml2 reads `XML_CATALOG_FILES` once per process, the first time it needs a catalog.
    case system
    /// Only these XML catalog files, in order. An empty list resolves nothing.
    case files([String])
}
