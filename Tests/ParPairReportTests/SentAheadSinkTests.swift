import Foundation
import Testing
@testable import ParPairReport

/// `SentAheadSink`: the first text of an HTML report is written before the render begins (so the validator
/// reads the DTD while the report data is made); the render writes it again, and it must reach the file once.
@Suite struct SentAheadSinkTests {
    /// What the sink wrote to a file, after `body` wrote through a `SentAheadSink` over it, `ahead` sent first
    /// as `ValidatedHTMLDelivery` sends it; and whether the sink's check passed.
    static func written(ahead: String, _ body: (inout SentAheadSink) -> Void) throws -> (text: String, checked: Bool) {
        let path = NSTemporaryDirectory() + "sent-ahead-\(UUID().uuidString).txt"
        defer { unlink(path) }
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var sink = DescriptorSink(descriptor: descriptor, name: "report.html")
        sink.write(ahead)
        try sink.flush()
        var output = SentAheadSink(sink, ahead: ahead, name: "report.html")
        body(&output)
        // `finishReport()` checks, then finishes; a failed check leaves the rest to be written here.
        let checked = (try? output.finishReport()) != nil
        if !checked { try output.sink.finish() }
        return (try String(contentsOfFile: path, encoding: .utf8), checked)
    }

    @Test func theTextSentAheadReachesTheFileOnceInWhateverPiecesTheRenderWritesIt() throws {
        let ahead = "<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<html lang=\"é"
        let rest = "en\">…</html>\n"
        // As the render writes: the leading text whole, then the rest; or in pieces that cut it anywhere.
        let pieces: [[String]] = [[ahead, rest], [String(ahead.prefix(5)), String(ahead.dropFirst(5)) + "en\"", ">…</html>\n"]]
        for written in pieces {
            let result = try Self.written(ahead: ahead) { output in for piece in written { output.write(piece) } }
            #expect(result.text == ahead + rest, "\(written)")
            #expect(result.checked)
        }
    }

    @Test func aRenderThatBeginsWithOtherTextFailsTheCheck() throws {
        let result = try Self.written(ahead: "<?xml version=\"1.0\"?>") { $0.write("<?xml version=\"1.1\"?><html/>") }
        #expect(!result.checked)
        let short = try Self.written(ahead: "<?xml version=\"1.0\"?>") { $0.write("<?xml") }
        #expect(!short.checked, "the render wrote less than was sent ahead")
    }

    @Test func withNothingSentAheadEverythingGoesThrough() throws {
        let result = try Self.written(ahead: "") { $0.write("<p/>") }
        #expect(result.text == "<p/>")
        #expect(result.checked)
    }

    /// `finish()` once the output is complete: everything buffered is written, and the request that the disk
    /// start on it is advice the system may refuse (a pipe cannot be synced): no error either way.
    @Test func finishingWritesEverythingToAFileOrAPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        var piped = DescriptorSink(descriptor: ends[1], name: "standard output")
        piped.write("a report\n")
        try piped.finish()
        close(ends[1])
        var received = [UInt8](repeating: 0, count: 64)
        #expect(read(ends[0], &received, 64) == 9)
        let file = try Self.written(ahead: "") { $0.write(String(repeating: "x", count: 70_000)) }
        #expect(file.text.utf8.count == 70_000)
    }

    /// The tap (the validator of an HTML report) is handed the bytes 16 KB at a time, ahead of the 64 KB pieces the
    /// file is written in: the validator starts on the pages sooner, and has less left to read when the render ends.
    /// Every byte reaches it once, in order, whatever the pieces written.
    @Test func theTapGetsEveryByteInOrderAtMostSixteenKilobytesLate() throws {
        let path = NSTemporaryDirectory() + "tapped-\(UUID().uuidString).txt"
        defer { unlink(path) }
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var tapped: [[UInt8]] = []
        var sink = DescriptorSink(descriptor: descriptor, name: "report.html")
        sink.tap = { tapped.append(Array($0)) }
        var expected: [UInt8] = []
        var mostHeldBack = 0
        func write(_ text: String) {
            sink.write(text)
            expected += Array(text.utf8)
            mostHeldBack = max(mostHeldBack, expected.count - tapped.joined().count)
        }
        for line in 0..<17 { write(String(repeating: Character(UnicodeScalar(UInt8(97 + line))), count: 999) + "\n") }
        // 17,000 bytes: the tap has them; the file nothing yet.
        #expect(tapped.map(\.count) == [17_000])
        #expect(lseek(descriptor, 0, SEEK_CUR) == 0)
        for line in 0..<100 { write("row \(line): " + String(repeating: "é", count: 700) + "\n") }
        write(String(repeating: "x", count: 70_000))  // a piece larger than the file's buffer
        write("</html>\n")
        #expect(mostHeldBack < 16_384)
        try sink.flush()
        #expect(tapped.joined().elementsEqual(expected))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).elementsEqual(expected))
    }
}
