import CLibXML2
import Testing
@testable import XHTML

/// XHTML opens libxml2 itself and calls it through a table of functions found by name. This target links the
/// library, so each entry can be checked against the declaration in libxml2's headers (`same` only compiles when
/// the entry's type is the declared function's) and against the address the linker found for it (the entry is
/// that function, not another of the same type).
@Suite struct LibXML2FunctionsTests {
    private static func same<Function>(_ loaded: Function, _ linked: Function) -> Bool {
        unsafeBitCast(loaded, to: UnsafeRawPointer.self) == unsafeBitCast(linked, to: UnsafeRawPointer.self)
    }

    @Test func everyFunctionIsTheOneTheHeadersDeclare() throws {
        let loaded = try LibXML2Functions.load().get()
        let checks: [(name: String, same: Bool)] = [
            ("xmlInitParser", Self.same(loaded.xmlInitParser, xmlInitParser)),
            ("xmlSetStructuredErrorFunc", Self.same(loaded.xmlSetStructuredErrorFunc, xmlSetStructuredErrorFunc)),
            ("xmlGetExternalEntityLoader", Self.same(loaded.xmlGetExternalEntityLoader, xmlGetExternalEntityLoader)),
            ("xmlSetExternalEntityLoader", Self.same(loaded.xmlSetExternalEntityLoader, xmlSetExternalEntityLoader)),
            ("xmlMemGet", Self.same(loaded.xmlMemGet, xmlMemGet)),
            ("xmlCharStrdup", Self.same(loaded.xmlCharStrdup, xmlCharStrdup)),
            ("xmlNewParserCtxt", Self.same(loaded.xmlNewParserCtxt, xmlNewParserCtxt)),
            ("xmlFreeParserCtxt", Self.same(loaded.xmlFreeParserCtxt, xmlFreeParserCtxt)),
            ("xmlCtxtReadIO", Self.same(loaded.xmlCtxtReadIO, xmlCtxtReadIO)),
            ("xmlCtxtResetPush", Self.same(loaded.xmlCtxtResetPush, xmlCtxtResetPush)),
            ("xmlCtxtUseOptions", Self.same(loaded.xmlCtxtUseOptions, xmlCtxtUseOptions)),
            ("xmlParseChunk", Self.same(loaded.xmlParseChunk, xmlParseChunk)),
            ("xmlByteConsumed", Self.same(loaded.xmlByteConsumed, xmlByteConsumed)),
            ("xmlParserInputBufferCreateMem", Self.same(loaded.xmlParserInputBufferCreateMem, xmlParserInputBufferCreateMem)),
            ("xmlNewIOInputStream", Self.same(loaded.xmlNewIOInputStream, xmlNewIOInputStream)),
            ("xmlNewInputFromFile", Self.same(loaded.xmlNewInputFromFile, xmlNewInputFromFile)),
            ("xmlSAX2InternalSubset", Self.same(loaded.xmlSAX2InternalSubset, xmlSAX2InternalSubset)),
            ("xmlSAX2StartElementNs", Self.same(loaded.xmlSAX2StartElementNs, xmlSAX2StartElementNs)),
            ("xmlSAX2EndElementNs", Self.same(loaded.xmlSAX2EndElementNs, xmlSAX2EndElementNs)),
            ("xmlSAX2ProcessingInstruction", Self.same(loaded.xmlSAX2ProcessingInstruction, xmlSAX2ProcessingInstruction)),
            ("xmlFreeDoc", Self.same(loaded.xmlFreeDoc, xmlFreeDoc)),
            ("xmlUnlinkNode", Self.same(loaded.xmlUnlinkNode, xmlUnlinkNode)),
            ("xmlFreeNode", Self.same(loaded.xmlFreeNode, xmlFreeNode)),
            ("xmlRemoveProp", Self.same(loaded.xmlRemoveProp, xmlRemoveProp)),
            ("xmlIsRef", Self.same(loaded.xmlIsRef, xmlIsRef)),
            ("xmlNodeListGetString", Self.same(loaded.xmlNodeListGetString, xmlNodeListGetString)),
            ("xmlNodeGetContent", Self.same(loaded.xmlNodeGetContent, xmlNodeGetContent)),
            ("xmlGetLineNo", Self.same(loaded.xmlGetLineNo, xmlGetLineNo)),
            ("xmlLoadACatalog", Self.same(loaded.xmlLoadACatalog, xmlLoadACatalog)),
            ("xmlFreeCatalog", Self.same(loaded.xmlFreeCatalog, xmlFreeCatalog)),
            ("xmlACatalogResolve", Self.same(loaded.xmlACatalogResolve, xmlACatalogResolve)),
            ("xmlACatalogResolveURI", Self.same(loaded.xmlACatalogResolveURI, xmlACatalogResolveURI)),
            ("xmlCatalogResolve", Self.same(loaded.xmlCatalogResolve, xmlCatalogResolve)),
            ("xmlCatalogResolveURI", Self.same(loaded.xmlCatalogResolveURI, xmlCatalogResolveURI)),
        ]
        // Every entry of the table is among the checked ones.
        #expect(checks.count == Mirror(reflecting: loaded).children.count)
        for check in checks {
            #expect(check.same, "\(check.name)")
        }
    }

    /// The loader's messages, as glibc 2.36 words them: a library that is not there, and one that could not be mapped
    /// under `ulimit -v` (seen in SignalTests), which is a lack of memory, not of libxml2.
    @Test func aLibraryThatCouldNotBeMappedIsOutOfMemoryNotMissing() {
        let missing = LibraryUnavailable(
            library: "libxml2.so.2", reason: "libxml2.so.2: cannot open shared object file: No such file or directory")
        #expect(!missing.outOfMemory)
        #expect(missing.description == "libxml2 cannot be loaded (libxml2.so.2: cannot open shared object file: No such file or "
            + "directory); install it (Debian and Ubuntu: apt-get install libxml2)")
        let unmapped = LibraryUnavailable(library: "libxml2.so.2", reason: "libicudata.so.72: failed to map segment from shared object")
        #expect(unmapped.outOfMemory)
        #expect(unmapped.description
            == "out of memory: libxml2, which checks the HTML, could not be loaded (libicudata.so.72: failed to map segment from shared object)")
    }
}
