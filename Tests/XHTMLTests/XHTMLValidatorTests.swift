import Foundation
import Testing
import XHTML

/// Validation against the built-in XHTML 1.0 Strict DTD (Sources/XHTML/DTD); the expected problems are
/// xmllint's through the system catalog (Debian's w3c-sgml-lib), see `BuiltInDTDTests` for that agreement.
@Suite struct XHTMLValidatorTests {
    let validator = XHTMLValidator()

    /// Fails loudly, with the reason, when the DTD is not installed: every other expectation about
    /// invalid documents would otherwise fail for the wrong reason.
    func problems(in document: String, name: String = "report.html") throws -> [ExpectedProblem] {
        let result = validator.validate(document, name: name)
        if case .dtdUnavailable(let dtd) = result.outcome {
            Issue.record("the XHTML 1.0 Strict DTD did not load on this machine: \(dtd)")
        }
        try #require(result.outcome == .failed, "\(result)")
        #expect(result.diagnostics.allSatisfy { $0.file == name })
        return result.diagnostics.map(ExpectedProblem.init)
    }

    @Test func knownValidStrictDocumentPasses() {
        let result = validator.validate(SampleDocument.validStrict, name: "report.html")
        #expect(result.outcome == .passed, "\(result)")
        #expect(result.diagnostics.isEmpty)
        #expect(result.passed)
    }

    struct InvalidCase: CustomTestStringConvertible, Sendable {
        var name: String
        var body: String
        var expected: [ExpectedProblem]
        var testDescription: String { name }
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase(
            name: "div inside p",
            body: "<p>text <div>block inside paragraph</div></p>",
            expected: [ExpectedProblem(7, 46, "Element div is not declared in p list of possible children")]
        ),
        InvalidCase(
            name: "unknown elements",
            body: "<section><p>HTML5 element</p></section>\n<p><blink>unknown</blink></p>",
            expected: [
                ExpectedProblem(7, 40, "No declaration for element section"),
                ExpectedProblem(8, 26, "No declaration for element blink"),
                ExpectedProblem(8, 30, "Element blink is not declared in p list of possible children"),
                ExpectedProblem(9, 8, "Element body content does not follow the DTD, expecting "
                    + SampleDocument.bodyContentModel + ", got (section p )"),
            ]
        ),
        InvalidCase(
            name: "img without alt",
            body: "<p><img src=\"chart.svg\" /></p>",
            expected: [ExpectedProblem(7, 27, "Element img does not carry attribute alt")]
        ),
        InvalidCase(
            name: "img directly in body",
            body: "<img src=\"chart.svg\" alt=\"chart\" />",
            expected: [ExpectedProblem(8, 8, "Element body content does not follow the DTD, expecting "
                + SampleDocument.bodyContentModel + ", got (img )")]
        ),
        InvalidCase(
            name: "unclosed tag",
            body: "<p>open <b>bold</p>",
            expected: [
                ExpectedProblem(7, 20, "Opening and ending tag mismatch: b line 7 and p"),
                ExpectedProblem(8, 8, "Opening and ending tag mismatch: p line 7 and body"),
                ExpectedProblem(9, 8, "Opening and ending tag mismatch: body line 6 and html"),
                ExpectedProblem(10, 1, "Premature end of data in tag html line 4"),
            ]
        ),
    ]

    @Test(arguments: invalidCases)
    func invalidDocumentFailsWithPositions(_ invalid: InvalidCase) throws {
        let found = try problems(in: SampleDocument.strict(body: invalid.body))
        #expect(found == invalid.expected)
    }

    @Test func everyProblemIsReported() throws {
        let body = """
            <p>x</p>
            <p>a <div>b</div></p>
            <p><img src="chart.svg" /></p>
            <section><p>c</p></section>
            """
        let found = try problems(in: SampleDocument.strict(body: body))
        #expect(found == [
            ExpectedProblem(8, 22, "Element div is not declared in p list of possible children"),
            ExpectedProblem(9, 27, "Element img does not carry attribute alt"),
            ExpectedProblem(10, 28, "No declaration for element section"),
            ExpectedProblem(11, 8, "Element body content does not follow the DTD, expecting "
                + SampleDocument.bodyContentModel + ", got (p p p section )"),
        ])
    }

    @Test func missingDoctypeFails() throws {
        let found = try problems(in: SampleDocument.withoutDoctype)
        #expect(found == [
            ExpectedProblem(2, 67, "document has no DOCTYPE declaration; XHTML 1.0 Strict requires "
                + "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
                + "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\"> before the root element"),
            ExpectedProblem(2, 67, "Validation failed: no DTD found !"),
        ])
    }

    @Test func otherDoctypeFailsAlthoughValidUnderItsOwnDTD() throws {
        let rejection = "document type is XHTML 1.1 (\"-//W3C//DTD XHTML 1.1//EN\"), but XHTML 1.0 Strict "
            + "is required: <!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
            + "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">"
        // Built in is XHTML 1.0 Strict alone: the XHTML 1.1 DTD is not loaded, nor asked to be installed.
        let found = try problems(in: SampleDocument.validXHTML11)
        #expect(found.map(\.message) == [rejection, "Validation failed: no DTD found !"])
        #expect(found.first?.line == 3)

        // Through the system catalog (w3c-sgml-lib) the XHTML 1.1 DTD loads: the type is the one error.
        let system = XHTMLValidator(catalog: .system).validate(SampleDocument.validXHTML11, name: "report.html")
        #expect(system.outcome == .failed)
        #expect(system.diagnostics.map(ExpectedProblem.init).map(\.message) == [rejection])

        let anyDTD = XHTMLValidator(requiring: nil, catalog: .system).validate(SampleDocument.validXHTML11, name: "report.html")
        #expect(anyDTD.outcome == .passed, "\(anyDTD)")
        let notBuiltIn = XHTMLValidator(requiring: nil).validate(SampleDocument.validXHTML11, name: "report.html")
        guard case .dtdUnavailable(let dtd) = notBuiltIn.outcome else {
            Issue.record("expected an unavailable DTD, got \(notBuiltIn.outcome):\n\(notBuiltIn)")
            return
        }
        #expect(dtd.reason == .notBuiltIn)
        #expect(dtd.description == "the XHTML 1.1 DTD is not built in (only XHTML 1.0 Strict is), and DTDs are never downloaded")
    }

    @Test func dataURIImagePasses() {
        let document = SampleDocument.strict(body: """
            <p><img src="data:image/svg+xml;base64,\(SampleDocument.redSquareBase64)" alt="red square" width="10" height="10" /></p>
            """)
        let result = validator.validate(document, name: "report.html")
        #expect(result.outcome == .passed, "\(result)")
    }

    @Test func attributeOverTenMillionCharactersPasses() {
        // libxml2 rejects an attribute value over 10,000,000 characters without XML_PARSE_HUGE.
        let payload = String(repeating: "QUJD", count: 2_700_000)
        let document = SampleDocument.strict(body: """
            <p><img src="data:image/svg+xml;base64,\(payload)" alt="big chart" /></p>
            """)
        let result = validator.validate(document, name: "report.html")
        #expect(result.outcome == .passed, "\(result)")
    }

    @Test func inputOverTheCapIsRefusedWithoutParsing() throws {
        let small = XHTMLValidator(maximumInputSize: 100)
        let document = SampleDocument.validStrict
        let result = small.validate(document, name: "report.html")
        #expect(result.outcome == .inputTooLarge(byteCount: document.utf8.count, limit: 100))
        let error = try #require(throws: XMLCheckError.self) { try result.throwIfFailed() }
        #expect(error.description == "report.html is \(document.utf8.count) bytes; documents over 100 bytes are not checked")
        #expect(XHTMLValidator.defaultMaximumInputSize == 268_435_456)
    }

    @Test func bytesAreDecodedByTheirXMLDeclaration() {
        // "é" in ISO-8859-1 is the single byte 0xE9, which is not UTF-8.
        var bytes = Array(SampleDocument.strictPrologue
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"").utf8)
        bytes += Array("\n<p>caf".utf8) + [0xE9] + Array("</p>\n</body>\n</html>\n".utf8)
        let result = validator.validate(bytes, name: "latin1.html")
        #expect(result.outcome == .passed, "\(result)")
        let asData = validator.validate(Data(bytes), name: "latin1.html")
        #expect(asData.outcome == .passed, "\(asData)")
    }

    /// The validator frees each element's content once it is checked (memory follows depth, not
    /// size); IDs and references must still be seen across the whole document. Expected problems
    /// read off `xmllint --noout --nonet --valid` (IDREF errors carry a line only).
    @Test func idsAndReferencesAreCheckedAcrossFinishedElements() throws {
        let document = SampleDocument.strict(body: """
            <div><p id="first">one</p></div>
            <div><div><p id="first">again</p></div></div>
            <form action="x"><div><label for="first">ok</label><label for="nowhere">bad</label></div></form>
            """)
        let found = try problems(in: document)
        #expect(found == [
            ExpectedProblem(8, 24, "ID first already defined"),
            ExpectedProblem(9, 0, "IDREF attribute for references an unknown ID \"nowhere\""),
        ])
        // libxml2 finds unknown references in a random order; the list is the same every time.
        let manyUnknown = SampleDocument.strict(body: """
            <form action="x"><div><label for="u1">1</label><label for="u2">2</label><label for="u3">3</label>
            <label for="u4">4</label><label for="u5">5</label><label for="u6">6</label></div></form>
            """)
        let expected = (1...6).map { ExpectedProblem($0 <= 3 ? 7 : 8, 0, "IDREF attribute for references an unknown ID \"u\($0)\"") }
        for _ in 0..<20 {
            #expect(try problems(in: manyUnknown) == expected)
        }
        let valid = SampleDocument.strict(body: """
            <div><div><p id="early">one</p></div></div>
            <form action="x"><div><label for="early">ok</label><label for="late">ok</label></div></form>
            <div><p id="late">two</p></div>
            """)
        let result = validator.validate(valid, name: "report.html")
        #expect(result.outcome == .passed, "\(result)")
    }

    @Test func filesAreReadInChunksWithTheSameVerdict() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xhtml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Long enough to take many reads; the problem is near the end (position read off xmllint).
        let rows = String(repeating: "<p>row</p>\n", count: 20_000)
        let document = SampleDocument.strict(body: rows + "<p><div>late</div></p>")
        let file = folder.appendingPathComponent("big.html")
        try document.write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try validator.validate(fileAt: file.path, name: "big.html")
        #expect(fromFile.diagnostics.map(ExpectedProblem.init) == [
            ExpectedProblem(20_007, 23, "Element div is not declared in p list of possible children"),
        ])
        #expect(fromFile.diagnostics == validator.validate(document, name: "big.html").diagnostics)

        let missing = folder.appendingPathComponent("missing.html").path
        let error = try #require(throws: XMLFileError.self) { try validator.validate(fileAt: missing, name: "x") }
        #expect(error.description == "\(missing): cannot read: No such file or directory")
        #expect(throws: XMLFileError.self) { try validator.validate(fileAt: folder.path, name: "x") }
    }

    @Test func emptyDocumentFails() throws {
        let result = validator.validate("", name: "empty.html")
        #expect(result.outcome == .failed)
        let first = try #require(result.errors.first)
        #expect(first.message == "Document is empty")
    }

    @Test func failureDescribesEveryProblemOnItsOwnLine() throws {
        let document = SampleDocument.strict(body: "<p>text <div>block inside paragraph</div></p>")
        let result = validator.validate(document, name: "report.html")
        let error = try #require(throws: XMLCheckError.self) { try result.throwIfFailed() }
        #expect(error.description == """
            report.html is not valid XHTML 1.0 Strict (1 error):
            report.html:7:46: Element div is not declared in p list of possible children
            """)
        #expect(result.description == "report.html:7:46: Element div is not declared in p list of possible children")
    }

    @Test func concurrentValidationsEachGetTheirOwnProblems() async {
        let validator = self.validator
        let documents = (0..<6).map { index in
            SampleDocument.strict(body: String(repeating: "<p>ok</p>\n", count: index) + "<p><div>x</div></p>")
        }
        let results = await withTaskGroup(of: (Int, [ExpectedProblem]).self) { group in
            for (index, document) in documents.enumerated() {
                group.addTask {
                    (index, validator.validate(document, name: "doc\(index).html").diagnostics.map(ExpectedProblem.init))
                }
            }
            var results: [Int: [ExpectedProblem]] = [:]
            for await (index, problems) in group {
                results[index] = problems
            }
            return results
        }
        for index in documents.indices {
            #expect(results[index] == [
                ExpectedProblem(7 + index, 20, "Element div is not declared in p list of possible children"),
            ])
        }
    }
}
