import TestSupport
import Foundation
import Testing
import XHTML

/// A DTD that cannot be loaded offline is reported as such, never as an invalid document, and
/// never fetched from the network.
@Suite struct UnavailableDTDTests {
    static let notInstalled = "the XHTML 1.0 Strict DTD is not installed; "
        + "install the Debian package w3c-sgml-lib (apt-get install w3c-sgml-lib)"

    @Test func withoutAnyCatalogTheStrictDTDIsNotInstalled() throws {
        let validator = XHTMLValidator(catalog: .files([]))
        let result = validator.validate(SampleDocument.validStrict, name: "report.html")
        guard case .dtdUnavailable(let dtd) = result.outcome else {
            Issue.record("expected an unavailable DTD, got \(result.outcome):\n\(result)")
            return
        }
        #expect(dtd.reason == .notInCatalog)
        #expect(dtd.documentType == .xhtml1Strict)
        #expect(dtd.publicID == "-//W3C//DTD XHTML 1.0 Strict//EN")
        let first = try #require(result.errors.first)
        #expect(first.line == 3)
        #expect(first.message.hasPrefix(Self.notInstalled))
        #expect(first.message.contains("no XML catalog was given"))

        let error = try #require(throws: XMLCheckError.self) { try result.throwIfFailed() }
        #expect(error.description.hasPrefix("cannot check that report.html is valid XHTML 1.0 Strict: " + Self.notInstalled))
    }

    @Test func aMissingCatalogFileIsNamed() throws {
        let missing = "/nonexistent/parpair/catalog.xml"
        let result = XHTMLValidator(catalog: .files([missing])).validate(SampleDocument.validStrict, name: "report.html")
        guard case .dtdUnavailable(let dtd) = result.outcome else {
            Issue.record("expected an unavailable DTD, got \(result.outcome):\n\(result)")
            return
        }
        #expect(dtd.description.hasPrefix(Self.notInstalled))
        #expect(dtd.description.contains("(not found: \(missing))"))
    }

    @Test func anExplicitCatalogFileIsUsed() {
        let result = XHTMLValidator(catalog: .files(["/etc/xml/catalog"]))
            .validate(SampleDocument.validStrict, name: "report.html")
        #expect(result.outcome == .passed, "\(result)")
    }

    @Test func unknownPublicIDCannotBeLoadedAndIsNotDownloaded() throws {
        let listener = try LoopbackListener()
        let document = SampleDocument.imaginaryDoctype(systemID: "http://127.0.0.1:\(listener.port)/imaginary.dtd")
        let result = XHTMLValidator(requiring: nil).validate(document, name: "imaginary.html")

        #expect(!listener.acceptPendingConnection(), "the validator connected to the DTD's URL")
        #expect(listener.connectFromHere() && listener.acceptPendingConnection(), "the listener does not see connections")

        guard case .dtdUnavailable(let dtd) = result.outcome else {
            Issue.record("expected an unavailable DTD, got \(result.outcome):\n\(result)")
            return
        }
        #expect(dtd.reason == .notBuiltIn)
        #expect(dtd.documentType == nil)
        let first = try #require(result.errors.first)
        #expect(first.message == "cannot load the DTD PUBLIC \"-//W3C//DTD XHTML 9.9 Imaginary//EN\" "
            + "\"http://127.0.0.1:\(listener.port)/imaginary.dtd\": it is not built in (only XHTML 1.0 Strict is), "
            + "and DTDs are never downloaded")
        #expect(!result.description.contains("Attempt to load network entity"))

        // Through the system catalog, which has no entry for it, it is not downloaded either.
        let system = XHTMLValidator(requiring: nil, catalog: .system).validate(document, name: "imaginary.html")
        #expect(!listener.acceptPendingConnection(), "the validator connected to the DTD's URL")
        guard case .dtdUnavailable(let systemDTD) = system.outcome else {
            Issue.record("expected an unavailable DTD, got \(system.outcome):\n\(system)")
            return
        }
        #expect(systemDTD.reason == .notInCatalog)
        #expect(system.errors.first?.message.hasPrefix("cannot load the DTD PUBLIC \"-//W3C//DTD XHTML 9.9 Imaginary//EN\" "
            + "\"http://127.0.0.1:\(listener.port)/imaginary.dtd\": no XML catalog entry maps it to a local file "
            + "and DTDs are never downloaded") == true)
    }

    @Test func unknownPublicIDWhenStrictIsRequiredIsTheDocumentsFault() {
        let document = SampleDocument.imaginaryDoctype(systemID: "http://www.w3.org/TR/xhtml99/DTD/imaginary.dtd")
        let result = XHTMLValidator().validate(document, name: "imaginary.html")
        #expect(result.outcome == .failed, "\(result)")
        #expect(result.errors.first?.message.hasPrefix("document type is \"-//W3C//DTD XHTML 9.9 Imaginary//EN\", "
            + "but XHTML 1.0 Strict is required") == true)
    }

    @Test func aCatalogEntryPointingAtTheNetworkIsRefused() throws {
        let listener = try LoopbackListener()
        let url = "http://127.0.0.1:\(listener.port)/xhtml1-strict.dtd"
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("parpair-xhtml-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("catalog.xml")
        try """
            <?xml version="1.0"?>
            <catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">
              <public publicId="-//W3C//DTD XHTML 1.0 Strict//EN" uri="\(url)"/>
            </catalog>
            """.write(to: catalog, atomically: true, encoding: .utf8)

        let result = XHTMLValidator(catalog: .files([catalog.path])).validate(SampleDocument.validStrict, name: "report.html")

        #expect(!listener.acceptPendingConnection(), "the validator connected to the catalog's URL")
        guard case .dtdUnavailable(let dtd) = result.outcome else {
            Issue.record("expected an unavailable DTD, got \(result.outcome):\n\(result)")
            return
        }
        #expect(dtd.reason == .remoteOnly(url: url))
        #expect(dtd.description.hasPrefix("the XHTML 1.0 Strict DTD is not installed: the XML catalog maps it to \(url)"))
    }

    /// A catalog in a temporary folder mapping `-//ParPair//DTD Test//EN` to a local DTD that
    /// includes `part.ent`, which exists only when `withPart` is true.
    func withTestDTD(withPart: Bool, _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("parpair-xhtml-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            <!ENTITY % part SYSTEM "part.ent">
            %part;
            <!ELEMENT doc (item)*>
            """.write(to: folder.appendingPathComponent("test.dtd"), atomically: true, encoding: .utf8)
        if withPart {
            try "<!ELEMENT item (#PCDATA)>\n".write(to: folder.appendingPathComponent("part.ent"), atomically: true, encoding: .utf8)
        }
        let catalog = folder.appendingPathComponent("catalog.xml")
        try """
            <?xml version="1.0"?>
            <catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">
              <public publicId="-//ParPair//DTD Test//EN" uri="test.dtd"/>
            </catalog>
            """.write(to: catalog, atomically: true, encoding: .utf8)
        try body(catalog)
    }

    static let testDocument = """
        <?xml version="1.0"?>
        <!DOCTYPE doc PUBLIC "-//ParPair//DTD Test//EN" "http://parpair.invalid/test.dtd">
        <doc><item>x</item></doc>

        """

    @Test func anyDTDResolvesThroughTheGivenCatalog() throws {
        try withTestDTD(withPart: true) { catalog in
            let validator = XHTMLValidator(requiring: nil, catalog: .files([catalog.path]))
            let result = validator.validate(Self.testDocument, name: "test.xml")
            #expect(result.outcome == .passed, "\(result)")
            let invalid = validator.validate(Self.testDocument.replacingOccurrences(of: "<item>x</item>", with: "<other/>"), name: "test.xml")
            #expect(invalid.outcome == .failed, "\(invalid)")
        }
    }

    @Test func aMissingFileTheDTDIncludesMakesItUnavailable() throws {
        try withTestDTD(withPart: false) { catalog in
            let result = XHTMLValidator(requiring: nil, catalog: .files([catalog.path]))
                .validate(Self.testDocument, name: "test.xml")
            guard case .dtdUnavailable(let dtd) = result.outcome else {
                Issue.record("expected an unavailable DTD, got \(result.outcome):\n\(result)")
                return
            }
            guard case .partUnreadable(let message) = dtd.reason else {
                Issue.record("expected a DTD part that cannot be read, got \(dtd.reason)")
                return
            }
            #expect(message.contains("part.ent"))
            #expect(dtd.publicID == "-//ParPair//DTD Test//EN")
        }
    }
}
