import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The libxml2 functions this module calls, looked up in the library when the first check needs them.
///
/// The binary does not link libxml2: loading it and what Debian's build of it brings (ICU, liblzma, zlib) cost
/// every start about 0.5 ms, and most runs (a CSV or Markdown report, `info`, an export) never parse XML. The
/// headers still come from CLibXML2; a test links the library and checks each function here against its
/// declaration and its address.
struct LibXML2Functions: @unchecked Sendable {
    /// The library's file name: what `dlopen` is given, and what the Debian package depends on (BuildDeb).
    #if canImport(Darwin)
    static let library = "/usr/lib/libxml2.2.dylib"
    #else
    static let library = "libxml2.so.2"
    #endif

    let xmlInitParser: @convention(c) () -> Void
    let xmlSetStructuredErrorFunc: @convention(c) (UnsafeMutableRawPointer?, xmlStructuredErrorFunc?) -> Void
    let xmlGetExternalEntityLoader: @convention(c) () -> xmlExternalEntityLoader?
    let xmlSetExternalEntityLoader: @convention(c) (xmlExternalEntityLoader?) -> Void
    let xmlMemGet: @convention(c) (
        UnsafeMutablePointer<xmlFreeFunc?>?, UnsafeMutablePointer<xmlMallocFunc?>?, UnsafeMutablePointer<xmlReallocFunc?>?,
        UnsafeMutablePointer<xmlStrdupFunc?>?
    ) -> Int32
    let xmlCharStrdup: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<xmlChar>?

    // Parser contexts and parsing.
    let xmlNewParserCtxt: @convention(c) () -> UnsafeMutablePointer<xmlParserCtxt>?
    let xmlFreeParserCtxt: @convention(c) (UnsafeMutablePointer<xmlParserCtxt>?) -> Void
    let xmlCtxtReadIO: @convention(c) (
        UnsafeMutablePointer<xmlParserCtxt>?, xmlInputReadCallback?, xmlInputCloseCallback?, UnsafeMutableRawPointer?,
        UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32
    ) -> xmlDocPtr?
    let xmlCtxtResetPush: @convention(c) (
        UnsafeMutablePointer<xmlParserCtxt>?, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?
    ) -> Int32
    let xmlCtxtUseOptions: @convention(c) (UnsafeMutablePointer<xmlParserCtxt>?, Int32) -> Int32
    let xmlParseChunk: @convention(c) (UnsafeMutablePointer<xmlParserCtxt>?, UnsafePointer<CChar>?, Int32, Int32) -> Int32
    let xmlByteConsumed: @convention(c) (UnsafeMutablePointer<xmlParserCtxt>?) -> Int
    let xmlParserInputBufferCreateMem: @convention(c) (UnsafePointer<CChar>?, Int32, xmlCharEncoding) -> xmlParserInputBufferPtr?
    let xmlNewIOInputStream: @convention(c) (UnsafeMutablePointer<xmlParserCtxt>?, xmlParserInputBufferPtr?, xmlCharEncoding) -> xmlParserInputPtr?
    let xmlNewInputFromFile: @convention(c) (UnsafeMutablePointer<xmlParserCtxt>?, UnsafePointer<CChar>?) -> xmlParserInputPtr?

    // The SAX2 handlers ours wrap.
    let xmlSAX2InternalSubset: @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?
    ) -> Void
    let xmlSAX2StartElementNs: @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?, Int32,
        UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, Int32, Int32, UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) -> Void
    let xmlSAX2EndElementNs: @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?
    ) -> Void
    let xmlSAX2ProcessingInstruction: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?) -> Void

    // The tree, pruned as the parse goes.
    let xmlFreeDoc: @convention(c) (xmlDocPtr?) -> Void
    let xmlUnlinkNode: @convention(c) (xmlNodePtr?) -> Void
    let xmlFreeNode: @convention(c) (xmlNodePtr?) -> Void
    let xmlRemoveProp: @convention(c) (xmlAttrPtr?) -> Int32
    let xmlIsRef: @convention(c) (xmlDocPtr?, xmlNodePtr?, xmlAttrPtr?) -> Int32
    let xmlNodeListGetString: @convention(c) (xmlDocPtr?, UnsafePointer<xmlNode>?, Int32) -> UnsafeMutablePointer<xmlChar>?
    let xmlNodeGetContent: @convention(c) (UnsafePointer<xmlNode>?) -> UnsafeMutablePointer<xmlChar>?
    let xmlGetLineNo: @convention(c) (UnsafePointer<xmlNode>?) -> Int

    // Catalogs.
    let xmlLoadACatalog: @convention(c) (UnsafePointer<CChar>?) -> xmlCatalogPtr?
    let xmlFreeCatalog: @convention(c) (xmlCatalogPtr?) -> Void
    let xmlACatalogResolve: @convention(c) (xmlCatalogPtr?, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?) -> UnsafeMutablePointer<xmlChar>?
    let xmlACatalogResolveURI: @convention(c) (xmlCatalogPtr?, UnsafePointer<xmlChar>?) -> UnsafeMutablePointer<xmlChar>?
    let xmlCatalogResolve: @convention(c) (UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?) -> UnsafeMutablePointer<xmlChar>?
    let xmlCatalogResolveURI: @convention(c) (UnsafePointer<xmlChar>?) -> UnsafeMutablePointer<xmlChar>?

    /// Opens the library and looks up every function; the loader's message when it cannot.
    static func load() -> Result<LibXML2Functions, LibraryUnavailable> {
        guard let handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL) else {
            return .failure(LibraryUnavailable(library: library, reason: dlerror().map { String(cString: $0) } ?? "cannot be opened"))
        }
        do {
            return .success(try LibXML2Functions(handle: handle))
        } catch {
            return .failure(error)
        }
    }

    private init(handle: UnsafeMutableRawPointer) throws(LibraryUnavailable) {
        func function<Function>(_ name: String) throws(LibraryUnavailable) -> Function {
            guard let address = dlsym(handle, name) else {
                throw LibraryUnavailable(library: Self.library, reason: "it has no function \(name)")
            }
            return unsafeBitCast(address, to: Function.self)
        }
        xmlInitParser = try function("xmlInitParser")
        xmlSetStructuredErrorFunc = try function("xmlSetStructuredErrorFunc")
        xmlGetExternalEntityLoader = try function("xmlGetExternalEntityLoader")
        xmlSetExternalEntityLoader = try function("xmlSetExternalEntityLoader")
        xmlMemGet = try function("xmlMemGet")
        xmlCharStrdup = try function("xmlCharStrdup")
        xmlNewParserCtxt = try function("xmlNewParserCtxt")
        xmlFreeParserCtxt = try function("xmlFreeParserCtxt")
        xmlCtxtReadIO = try function("xmlCtxtReadIO")
        xmlCtxtResetPush = try function("xmlCtxtResetPush")
        xmlCtxtUseOptions = try function("xmlCtxtUseOptions")
        xmlParseChunk = try function("xmlParseChunk")
        xmlByteConsumed = try function("xmlByteConsumed")
        xmlParserInputBufferCreateMem = try function("xmlParserInputBufferCreateMem")
        xmlNewIOInputStream = try function("xmlNewIOInputStream")
        xmlNewInputFromFile = try function("xmlNewInputFromFile")
        xmlSAX2InternalSubset = try function("xmlSAX2InternalSubset")
        xmlSAX2StartElementNs = try function("xmlSAX2StartElementNs")
        xmlSAX2EndElementNs = try function("xmlSAX2EndElementNs")
        xmlSAX2ProcessingInstruction = try function("xmlSAX2ProcessingInstruction")
        xmlFreeDoc = try function("xmlFreeDoc")
        xmlUnlinkNode = try function("xmlUnlinkNode")
        xmlFreeNode = try function("xmlFreeNode")
        xmlRemoveProp = try function("xmlRemoveProp")
        xmlIsRef = try function("xmlIsRef")
        xmlNodeListGetString = try function("xmlNodeListGetString")
        xmlNodeGetContent = try function("xmlNodeGetContent")
        xmlGetLineNo = try function("xmlGetLineNo")
        xmlLoadACatalog = try function("xmlLoadACatalog")
        xmlFreeCatalog = try function("xmlFreeCatalog")
        xmlACatalogResolve = try function("xmlACatalogResolve")
        xmlACatalogResolveURI = try function("xmlACatalogResolveURI")
        xmlCatalogResolve = try function("xmlCatalogResolve")
        xmlCatalogResolveURI = try function("xmlCatalogResolveURI")
    }
}

/// libxml2 could not be loaded (not installed, not the version the headers describe, or no memory to map it under a
/// memory limit): nothing can be checked.
public struct LibraryUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file `dlopen` was given.
    public var library: String
    /// The loader's message, or what the library lacks.
    public var reason: String

    /// Whether the loader could not map the library or one it needs for want of memory (`ulimit -v`), in glibc's
    /// words for it ("failed to map segment from shared object", "cannot map zero-fill pages", "cannot allocate …",
    /// `ENOMEM`'s "Cannot allocate memory", "out of memory"). Then installing libxml2 is not the remedy.
    public var outOfMemory: Bool {
        let reason = reason.lowercased()
        return ["failed to map segment", "cannot map zero-fill pages", "cannot allocate", "out of memory"].contains {
            reason.contains($0)
        }
    }

    public var description: String {
        outOfMemory ? "out of memory: libxml2, which checks the HTML, could not be loaded (\(reason))"
            : "libxml2 cannot be loaded (\(reason)); install it (Debian and Ubuntu: apt-get install libxml2)"
    }
}
