/// Where DTDs are looked up. Always offline: a DTD the catalog does not map to a local file is
/// reported as unavailable, never fetched from the network.
public enum XMLCatalog: Sendable, Hashable {
    /// libxml2's default XML catalogs: the files in `XML_CATALOG_FILES` when it is set, otherwise
    /// `/etc/xml/catalog` (on Debian, `w3c-sgml-lib` registers the W3C DTDs there).
    ///
    /// libxml2 reads `XML_CATALOG_FILES` once per process, the first time it needs a catalog.
    case system
    /// Only these XML catalog files, in order. An empty list resolves nothing.
    case files([String])
}
