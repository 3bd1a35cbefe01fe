import Base64Coding
import Foundation
import Testing

@Suite struct Base64Tests {
    /// RFC 4648 §10's test vectors.
    static let vectors = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]

    @Test("RFC 4648 §10 vectors encode", arguments: vectors)
    func encodes(_ input: String, _ expected: String) {
        #expect(String(decoding: Base64.encode(Array(input.utf8)), as: UTF8.self) == expected)
        #expect(Base64.string(encodingUTF8Of: input) == expected)
        #expect(Base64.string(encodingUTF8Of: input, after: "data:,") == "data:," + expected)
    }

    @Test("RFC 4648 §10 vectors decode", arguments: vectors)
    func decodes(_ expected: String, _ input: String) {
        #expect(Base64.decode(input) == Array(expected.utf8))
    }

    /// Every byte value, at every length modulo 3, against Foundation's encoder and decoder (an independent reference).
    @Test func agreesWithFoundationOnEveryByteValue() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 256) }
        for length in [0, 1, 2, 3, 4, 5, 62, 63, 64, 256, 299, 300] {
            let slice = Array(bytes[..<length])
            let reference = Data(slice).base64EncodedString()
            #expect(String(decoding: Base64.encode(slice), as: UTF8.self) == reference, "\(length) bytes")
            #expect(Base64.decode(reference) == slice, "\(length) bytes")
        }
    }

    @Test("the non-ASCII text's UTF-8 is what is encoded")
    func encodesUTF8() {
        // "é" is C3 A9, "👶" is F0 9F 91 B6: C3A9F0 → w6nw, 9F91B6 → n5G2.
        #expect(Base64.string(encodingUTF8Of: "é👶") == "w6nwn5G2")
    }

    @Test("decoding ignores whitespace, takes padding as optional and rejects anything else", arguments: [
        ("Zm9v\nYmFy", "foobar" as String?), ("Zm9v YmFy\r\n", "foobar"), ("\tZg==\n", "f"), ("Zm9vYg", "foob"), ("Zm8", "fo"),
        ("Zg=a", nil), ("Zg===", nil), ("Zm9v!", nil), ("Zm9v-_", nil), ("Zm9vYmFy=Zg==", nil),
    ])
    func decodesStrictly(_ input: String, _ expected: String?) {
        #expect(Base64.decode(input) == expected.map { Array($0.utf8) })
    }

    @Test("MIME body lines are 76 characters, each ending in CRLF")
    func encodesLines() {
        let bytes = [UInt8](repeating: 0xff, count: 60)  // 80 characters: one full line and 4 more.
        let text = String(decoding: Base64.encodeLines(bytes), as: UTF8.self)

        #expect(text == String(repeating: "/", count: 76) + "\r\n////\r\n")
        #expect(Base64.encodeLines([]).isEmpty)
    }
}
