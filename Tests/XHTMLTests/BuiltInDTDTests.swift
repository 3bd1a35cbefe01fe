import Foundation
import Testing
@testable import XHTML

/// The W3C files compiled into the module, and their verdicts against an independent reference:
/// xmllint through the system XML catalog (Debian's w3c-sgml-lib, which `.ci/run` installs for this).
@Suite struct BuiltInDTDTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// SHA-256 of each file as w3c-sgml-lib 1.3-3 installs it (`sha256sum` of
    /// /usr/share/xml/w3c-sgml-lib/schema/dtd/REC-xhtml1-20020801/xhtml1-strict.dtd and of
    /// …/REC-xhtml-modularization-20100729/xhtml-{lat1,symbol,special}.ent, the files its catalog maps
    /// the public identifiers to), recorded by hand.
    static let debianDigests = [
        "xhtml1-strict.dtd": "9ee46b76e3be6ae608a248cc6f5fff6f91d1c11e18d934b1bc235952f716dba7",
        "xhtml-lat1.ent": "3535a3cf7672ab1a511e4edd094e8e1da8b5874aba8ee8851bd2861d25b0dfd9",
        "xhtml-symbol.ent": "5b173003c47aba07879397bccdd23ef240eb7578c6345a84f3453617410b7e7d",
        "xhtml-special.ent": "348d006519736b764a86fd24aed49ad35114f030ede0f263d3c4638f04e12107",
    ]

    @Test func theCompiledInFilesAreTheW3CFilesUnmodified() throws {
        #expect(Set(BuiltInDTD.all.map(\.fileName)) == Set(Self.debianDigests.keys))
        for file in BuiltInDTD.all {
            let bytes = Array(try #require(file.text, "\(file.fileName) is not compiled in").utf8)
            // GNU coreutils' sha256sum, or macOS's shasum.
            let digest = FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum")
                ? try Self.run("/usr/bin/sha256sum", [], input: bytes).output.prefix(64)
                : try Self.run("/usr/bin/shasum", ["-a", "256"], input: bytes).output.prefix(64)
            #expect(String(digest) == Self.debianDigests[file.fileName], "\(file.fileName)")
        }
        let text = try #require(BuiltInDTD.named(publicID: "-//W3C//DTD XHTML 1.0 Strict//EN", systemID: nil)?.text)
        #expect(text.contains("$Date: 2002/08/19 02:07:44 $"))
        let notice = try String(contentsOf: Self.packageRoot.appendingPathComponent("Sources/XHTML/DTD/W3C-NOTICE.txt"), encoding: .utf8)
        #expect(notice.contains("W3C SOFTWARE NOTICE AND LICENSE"))
    }

    @Test func identifiersNameTheFiles() {
        #expect(BuiltInDTD.named(publicID: nil, systemID: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd")?.fileName
            == "xhtml1-strict.dtd")
        #expect(BuiltInDTD.named(publicID: "-//W3C//ENTITIES Symbols for XHTML//EN", systemID: "anything.ent")?.fileName
            == "xhtml-symbol.ent")
        #expect(BuiltInDTD.named(publicID: nil, systemID: "http://www.w3.org/TR/xhtml1/DTD/xhtml-special.ent")?.fileName
            == "xhtml-special.ent")
        // A public identifier decides: another DTD's is not XHTML 1.0 Strict whatever its system identifier says.
        #expect(BuiltInDTD.named(publicID: "-//W3C//DTD XHTML 1.0 Transitional//EN",
                                 systemID: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd") == nil)
        #expect(BuiltInDTD.named(publicID: nil, systemID: "/usr/share/xml/xhtml1-strict.dtd") == nil)
    }

    /// Every entity of HTML 4.01 (Python's `html.entities`, an independent table) and `&apos;` is declared.
    @Test func everyXHTMLEntityIsDeclared() throws {
        let names = try Self.run(try Self.python(), ["-c", "import html.entities as h; print(' '.join(sorted(h.name2codepoint)))"])
            .output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(names.count == 252)
        let body = "<p>" + (names + ["apos"]).map { "&\($0);" }.joined(separator: " ") + "</p>"
        let result = XHTMLValidator().validate(SampleDocument.strict(body: body), name: "entities.html")
        #expect(result.outcome == .passed, "\(result)")
        let unknown = XHTMLValidator().validate(SampleDocument.strict(body: "<p>&bogus;</p>"), name: "entities.html")
        #expect(unknown.outcome == .failed)
        #expect(unknown.errors.map(ExpectedProblem.init) == [ExpectedProblem(7, 11, "Entity 'bogus' not defined")])
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var document: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "valid with entities", document: SampleDocument.validStrict),
        Case(name: "system identifier only", document: SampleDocument.validStrict.replacingOccurrences(
            of: "PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\"\n  ", with: "SYSTEM ")),
        Case(name: "public identifier with another system identifier", document: SampleDocument.validStrict.replacingOccurrences(
            of: "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd", with: "http://parpair.invalid/strict.dtd")),
        Case(name: "div in p", document: SampleDocument.strict(body: "<p>text <div>block</div></p>")),
        Case(name: "img without alt", document: SampleDocument.strict(body: "<p><img src=\"a.svg\" /></p>")),
        Case(name: "unknown element", document: SampleDocument.strict(body: "<section><p>x</p></section>")),
        Case(name: "duplicate id", document: SampleDocument.strict(body: "<p id=\"a\">1</p><p id=\"a\">2</p>")),
        Case(name: "golden report", document: (try? String(contentsOf: packageRoot.appendingPathComponent(
            "Tests/ParPairReportTests/Golden/report.html"), encoding: .utf8)) ?? "missing golden report"),
    ]

    /// The built-in DTD gives xmllint's verdict, and the same problems on the same lines, for each case.
    @Test(arguments: cases)
    func agreesWithXmllintThroughTheSystemCatalog(_ testCase: Case) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("builtin-dtd-\(UUID().uuidString).html")
        try testCase.document.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let xmllint = try Self.run("/usr/bin/xmllint", ["--noout", "--nonet", "--valid", file.path])
        #if os(macOS)
        // A Mac has no catalog with the W3C DTDs (the reason they are built in): nothing to compare with.
        if xmllint.output.contains("failed to load external entity") { return }
        #endif
        // xmllint exits 4 both for an invalid document and for a DTD it could not load: rule the second out.
        #expect(!xmllint.output.contains("failed to load external entity"), "the system catalog lacks the DTD:\n\(xmllint.output)")
        // Any declared type (xmllint requires none), resolved by the built-in files alone.
        let ours = XHTMLValidator(requiring: nil).validate(testCase.document, name: file.path)
        #expect(ours.passed == (xmllint.status == 0), "xmllint:\n\(xmllint.output)\nours:\n\(ours)")
        // "FILE:LINE: element X: validity error : MESSAGE" (or "parser error"), one problem per line.
        let theirs = xmllint.output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(file.path + ":"), let range = line.range(of: " error : ") else { return nil }
            let number = line.dropFirst(file.path.count + 1).prefix { $0.isNumber }
            return "\(number): \(line[range.upperBound...])"
        }
        #expect(ours.errors.map { "\($0.line): \($0.message)" } == theirs)
    }

    static func python() throws -> String {
        let candidates = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "python3"])
        }
        return found
    }

    /// Runs a program with standard error merged into standard output.
    static func run(_ program: String, _ arguments: [String], input: [UInt8]? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input))
            try inputPipe.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
