import TextBytes
import Testing

@Suite struct ASCIIWriterTests {
    @Test("decimal digits, with leading zeros up to the minimum", arguments: [
        (UInt64(0), 1, "0"), (0, 3, "000"), (7, 2, "07"), (42, 1, "42"), (42, 2, "42"), (1234, 2, "1234"), (2026, 4, "2026"),
        (5, 4, "0005"), (UInt64.max, 1, "18446744073709551615"),
    ])
    func decimal(_ value: UInt64, _ minimumDigits: Int, _ expected: String) {
        #expect(ASCIIWriter.string(capacity: 20) { $0.append(decimal: value, minimumDigits: minimumDigits) } == expected)
    }

    @Test func decimalAgreesWithTheStandardLibrary() {
        for value in [UInt64(1), 9, 10, 99, 100, 101, 65_535, 1_000_000_007, 9_007_199_254_740_993] {
            #expect(ASCIIWriter.string(capacity: 20) { $0.append(decimal: value) } == String(value))
        }
    }

    @Test("bytes as two hex digits", arguments: [(UInt8(0x00), false, "00"), (0x0a, false, "0a"), (0xf3, false, "f3"), (0xf3, true, "F3"), (0x9B, true, "9B")])
    func hex(_ byte: UInt8, _ uppercase: Bool, _ expected: String) {
        #expect(ASCIIWriter.string(capacity: 2) { $0.append(hex: byte, uppercase: uppercase) } == expected)
    }

    @Test func piecesFollowEachOtherAndTheCountIsWhatWasWritten() {
        var written = -1
        let text = ASCIIWriter.string(capacity: 10) { text in
            text.append(decimal: 2026, minimumDigits: 4)
            text.append(UInt8(ascii: "-"))
            text.append(decimal: 3, minimumDigits: 2)
            written = text.count
        }
        #expect(text == "2026-03")
        #expect(written == 7)
        #expect(ASCIIWriter.string(capacity: 4) { _ in }.isEmpty)
    }
}
