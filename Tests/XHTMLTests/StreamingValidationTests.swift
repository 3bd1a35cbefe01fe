import Foundation
import Testing
@testable import XHTML

/// A document validated while another thread writes it through a `ByteChannel`, in pieces of every
/// size: the same verdicts as validating it whole, and a writer that never waits on a reader that stopped.
@Suite struct StreamingValidationTests {
    /// Validates `text` sent in `piece`-byte chunks from a second thread, and waits (up to 20 s) for that
    /// thread to have sent everything: a writer left waiting on a reader that stopped fails the test.
    static func validate(_ text: String, piece: Int, validator: XHTMLValidator = XHTMLValidator()) -> XMLCheckResult {
        let channel = ByteChannel(capacity: 2)
        let bytes = Array(text.utf8)
        let written = DispatchSemaphore(value: 0)
        let writer = Thread {
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + piece, bytes.count)
                bytes[offset..<end].withUnsafeBytes { channel.send($0) }
                offset = end
            }
            channel.finish()
            written.signal()
        }
        writer.start()
        let result = validator.validate(channel: channel, name: "streamed.html")
        #expect(written.wait(timeout: .now() + 20) == .success, "the writer still waits on the validator")
        return result
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

    @Test func aDocumentOverTheCapIsRefusedAndTheWriterFinishes() {
        let body = String(repeating: "<p>filler text</p>\n", count: 2000)
        let text = SampleDocument.strict(body: body)
        let result = Self.validate(text, piece: 512, validator: XHTMLValidator(maximumInputSize: 10_000))
        #expect(result.outcome == .inputTooLarge(byteCount: text.utf8.count, limit: 10_000), "\(result.outcome)")
    }
}
