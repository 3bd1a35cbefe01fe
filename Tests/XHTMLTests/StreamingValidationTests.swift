import Foundation
import Testing
@testable import XHTML

/// A document validated while another thread writes it through a `ByteChannel`, in pieces of every
/// size: the same verdicts as validating it whole, and a writer that never waits on a reader that stopped.
@Suite struct StreamingValidationTests {
    /// Validates `text` sent in `piece`-byte chunks from a second thread, and waits (up to 20 s) for that
    /// thread to have sent everything: a writer left waiting on a reader that stopped fails the test.
    static func validate(_ text: String, piece: Int, validator: XHTMLValidator = XHTMLValidator()) -> XMLCheckResult {
        validate(text, piece: piece) { validator.validate(channel: $0, name: "streamed.html") }
    }

    /// The same, walked by a visitor as it is validated (the path a user's template takes).
    static func validateWalked(_ text: String, piece: Int) -> XMLCheckResult {
        validate(text, piece: piece) { channel in
            var recorder = XMLVisitorTests.Recorder()
            return XHTMLValidator().validate(channel: channel, name: "streamed.html", visitor: &recorder)
        }
    }

    private static func validate(_ text: String, piece: Int, reading: (ByteChannel) -> XMLCheckResult) -> XMLCheckResult {
        let channel = ByteChannel(capacity: 2)
        let bytes = Array(text.utf8)
        let written = DispatchSemaphore(value: 0)
        let writer = Thread {
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + piece, bytes.count)
                channel.send(bytes[offset..<end])
                offset = end
            }
            channel.finish()
            written.signal()
        }
        writer.start()
        let result = reading(channel)
        #expect(written.wait(timeout: .now() + 20) == .success, "the writer still waits on the validator")
        return result
    }

    /// Pushed, the parse takes what has come: a read returns the bytes sent so far once `minimum` are there, so
    /// a report's prologue sent ahead of its pages is parsed (its DTD read) before the pages come. The first
    /// read waits for the 4 bytes the encoding is detected from. Read on a second thread, waited for up to 20 s:
    /// a read that waited for more would keep it.
    @Test func aPushedReadTakesWhatHasComeOnceItsMinimumIsThere() {
        let channel = ByteChannel(capacity: 4)
        // Used by the reading thread only, until the semaphores say it is done.
        nonisolated(unsafe) let source = ChunkSource(.channel(channel, limit: 1 << 20))
        nonisolated(unsafe) let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 1 << 16)
        defer { buffer.deallocate() }
        nonisolated(unsafe) var counts: [Int32] = []
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let prologue = Array("<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n".utf8)
        channel.send(prologue[0..<2])  // fewer than the first read's 4
        channel.send(prologue[2...])
        let reader = Thread {
            counts.append(source.read(into: buffer, length: 1 << 16, minimum: 4))
            first.signal()
            counts.append(source.read(into: buffer, length: 1 << 16, minimum: 1))
            second.signal()
        }
        reader.start()
        let firstReturned = first.wait(timeout: .now() + 20) == .success
        #expect(firstReturned, "the first read waited for more than the prologue")
        channel.send(Array("<html/>".utf8)[...])  // the document is not finished
        let secondReturned = second.wait(timeout: .now() + 20) == .success
        #expect(secondReturned, "the second read waited for more than had come")
        channel.finish()
        if !firstReturned { _ = first.wait(timeout: .now() + 20) }
        if !secondReturned { _ = second.wait(timeout: .now() + 20) }
        #expect(counts == [Int32(prologue.count), 7])
    }

    /// libxml2 stops reading at some fatal errors (content after the root element): the rest of the
    /// document is dropped, and the writer goes on to the end.
    @Test func aDocumentTheParserStopsReadingFailsAndTheWriterFinishes() {
        let text = SampleDocument.validStrict + "<p>after the end</p>\n" + String(repeating: "<p>more</p>\n", count: 50_000)
        let result = Self.validate(text, piece: 4096)
        #expect(result.outcome == .failed, "\(result.outcome)")
    }

    @Test(arguments: [1, 7, 4096, 1 << 20])
    func aValidDocumentPassesInAnyPieces(_ piece: Int) {
        let result = Self.validate(SampleDocument.validStrict, piece: piece)
        #expect(result.outcome == .passed, "\(result.diagnostics.prefix(3))")
    }

    @Test func anInvalidDocumentFailsWithItsPosition() {
        // A <div> in a <table> is not allowed by the DTD; line 7 is the first body line.
        let result = Self.validate(SampleDocument.strict(body: "<table><div>x</div></table>"), piece: 5)
        #expect(result.outcome == .failed)
        #expect(result.errors.contains { $0.line == 7 }, "\(result)")
    }

    /// The problems of a document as `validate(_:name:)` reports them on the whole text (read as a file is read).
    static func problems(_ result: XMLCheckResult) -> [String] {
        result.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
    }

    /// Streamed without a visitor (the built-in templates' reports), a well-formed document is pushed to libxml2:
    /// its validity errors, lines and columns are those of the whole text, in pieces of any size, whitespace and text
    /// where the DTD allows none among them (left out of the tree, `XML_PARSE_NOBLANKS`, an empty `<ul> </ul>` was
    /// worded "got" instead of "got ()").
    @Test(arguments: [1, 7, 4096, 70_000])
    func aWellFormedInvalidDocumentStreamedHasTheProblemsOfTheWholeText(_ piece: Int) {
        let body = "<table><div>x</div></table>\n<p><img src=\"data:image/svg+xml;base64,\(String(repeating: "QUJD", count: 5000))\" /></p>\n<ul></ul>"
            + "\n<ul> \n </ul><table> x <tr><td>1</td></tr></table>\n<dl>\n<dt>a</dt> <p>b</p></dl>"
        let text = SampleDocument.strict(body: body)
        let whole = XHTMLValidator().validate(text, name: "streamed.html")
        let streamed = Self.validate(text, piece: piece)
        #expect(whole.outcome == .failed)
        #expect(Self.problems(whole).count >= 3, "\(Self.problems(whole))")
        #expect(Self.problems(streamed) == Self.problems(whole))
    }

    /// A malformed document walked by a visitor (a user's template's output) is read as the whole text is: every
    /// problem after the first fatal one too, and a truncated document called truncated.
    @Test(arguments: ["<p>open <b>bold</p>", "<p>x</p>\n</body>"])
    func aMalformedWalkedDocumentHasTheProblemsOfTheWholeText(_ body: String) {
        let text = body.hasSuffix("</body>") ? SampleDocument.strictPrologue + "\n" + body + "\n" : SampleDocument.strict(body: body)
        var recorder = XMLVisitorTests.Recorder()
        let whole = XHTMLValidator().validate(text, name: "streamed.html", visitor: &recorder)
        let streamed = Self.validateWalked(text, piece: 4096)
        #expect(whole.outcome == .failed)
        #expect(Self.problems(streamed) == Self.problems(whole))
    }

    /// A byte-order mark, and an empty document, read as they do whole: the first bytes reach libxml2 before it
    /// settles the encoding.
    @Test func aByteOrderMarkAndAnEmptyDocumentStreamAsTheyReadWhole() {
        let marked = "\u{FEFF}" + SampleDocument.validStrict
        #expect(XHTMLValidator().validate(marked, name: "streamed.html").outcome == .passed)
        #expect(Self.validate(marked, piece: 4096).outcome == .passed, "\(Self.problems(Self.validate(marked, piece: 4096)))")
        let empty = Self.validate("", piece: 4096)
        #expect(Self.problems(empty) == Self.problems(XHTMLValidator().validate("", name: "streamed.html")))
        #expect(empty.outcome == .failed)
    }

    @Test func aDocumentOverTheCapIsRefusedAndTheWriterFinishes() {
        let body = String(repeating: "<p>filler text</p>\n", count: 2000)
        let text = SampleDocument.strict(body: body)
        let result = Self.validate(text, piece: 512, validator: XHTMLValidator(maximumInputSize: 10_000))
        #expect(result.outcome == .inputTooLarge(byteCount: text.utf8.count, limit: 10_000), "\(result.outcome)")
    }
}
