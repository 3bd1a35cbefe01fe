import Foundation
import Testing

import AESCrypto
@testable import Mail

/// The encoders inside the builder, against published vectors and hand-written expectations.
@Suite("Encodings")
struct EncodingTests {
    // FIPS 180-2 examples; also `printf %s … | sha256sum`.
    @Test("SHA-256 test vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func sha256(_ input: String, _ expected: String) {
        #expect(SHA256.hexDigest(of: Array(input.utf8)) == expected)
    }

    @Test("SHA-256 of one million 'a' (FIPS 180-2 long message)")
    func sha256Long() {
        #expect(SHA256.hexDigest(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("SHA-256 of input fed in pieces equals the one-shot digest")
    func sha256Incremental() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var hash = SHA256()
        hash.update(bytes[..<63])
        hash.update(bytes[63..<64])
        hash.update(bytes[64...])

        #expect(hash.finalize() == { var h = SHA256(); h.update(bytes); return h.finalize() }())
    }

    @Test("Quoted-printable", arguments: [
        ("a=b", "a=3Db\r\n"),
        ("Zoë", "Zo=C3=AB\r\n"),
        ("trailing \r\nx\t", "trailing=20\r\nx=09\r\n"),
        ("inner space", "inner space\r\n"),
        (".\r\n..", "=2E\r\n=2E.\r\n"),
        ("a.\r\nFrom me\r\nFrom", "a.\r\n=46rom me\r\nFrom\r\n"),
        ("bare\nlf", "bare=0Alf\r\n"),
        ("", "\r\n"),
    ])
    func quotedPrintable(_ input: String, _ expected: String) {
        #expect(String(decoding: QuotedPrintable.encode(Array(input.utf8)), as: UTF8.self) == expected)
    }

    @Test("Quoted-printable folds long lines with soft breaks, never inside =XX")
    func quotedPrintableFolding() {
        let plain = String(decoding: QuotedPrintable.encode(Array(String(repeating: "a", count: 100).utf8)), as: UTF8.self)
        #expect(plain == String(repeating: "a", count: 75) + "=\r\n" + String(repeating: "a", count: 25) + "\r\n")

        let exactly76 = String(decoding: QuotedPrintable.encode(Array(String(repeating: "b", count: 76).utf8)), as: UTF8.self)
        #expect(exactly76 == String(repeating: "b", count: 76) + "\r\n")

        let umlauts = String(decoding: QuotedPrintable.encode(Array(String(repeating: "ü", count: 20).utf8)), as: UTF8.self)
        // 40 bytes as =XX: 25 fit before the soft break (75 characters), 15 follow.
        #expect(umlauts == String(repeating: "=C3=BC", count: 12) + "=C3=\r\n=BC" + String(repeating: "=C3=BC", count: 7) + "\r\n")
    }

    @Test("Encoded-words: the shorter of Q and B, Q on a tie")
    func encodedWordChoice() {
        #expect(EncodedWord.encode("Zoë", firstLength: 75) == ["=?utf-8?Q?Zo=C3=AB?="])
        #expect(EncodedWord.encode("Week 12 report for Zoë", firstLength: 75) == ["=?utf-8?Q?Week_12_report_for_Zo=C3=AB?="])
        #expect(EncodedWord.encode("Report for Zoë (week 12), all day", firstLength: 75)
            == ["=?utf-8?Q?Report_for_Zo=C3=AB_=28week_12=29=2C_all_day?="])
        // base64 of the UTF-8 bytes, from Python's base64.b64encode.
        #expect(EncodedWord.encode("Zoë Müller", firstLength: 75) == ["=?utf-8?B?Wm/DqyBNw7xsbGVy?="])
        #expect(EncodedWord.encode("日本語", firstLength: 75) == ["=?utf-8?B?5pel5pys6Kqe?="])
    }

    @Test("Encoded-words respect the lengths asked for and hold whole characters", arguments: [24, 40, 75])
    func encodedWordSplitting(_ firstLength: Int) throws {
        let text = String(repeating: "👶🏽ë日", count: 30)
        let words = EncodedWord.encode(text, firstLength: firstLength)

        #expect(words.first.map { $0.utf8.count <= firstLength } == true)
        #expect(words.allSatisfy { $0.utf8.count <= 75 })
        var decoded = ""
        for word in words {
            #expect(word.hasPrefix("=?utf-8?B?") && word.hasSuffix("?="), "\(word)")
            let payload = String(word.dropFirst(10).dropLast(2))
            let data = try #require(Data(base64Encoded: payload))
            let piece = try #require(String(data: data, encoding: .utf8), "\(word) splits a UTF-8 sequence")
            decoded += piece
        }
        #expect(decoded == text)
    }

    @Test("Header fields fold between tokens at 78 columns")
    func headerFolding() {
        var field = HeaderField(name: "To")
        for index in 0..<10 {
            field.append("someone.number\(index)@example.com,")
        }
        let text = String(decoding: field.bytes, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n").dropLast()

        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.utf8.count <= 78 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" someone") })
        #expect(text.replacingOccurrences(of: "\r\n", with: "") == "To: someone.number0@example.com, someone.number1@example.com, "
            + "someone.number2@example.com, someone.number3@example.com, someone.number4@example.com, "
            + "someone.number5@example.com, someone.number6@example.com, someone.number7@example.com, "
            + "someone.number8@example.com, someone.number9@example.com,")
    }
}
