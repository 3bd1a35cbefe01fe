import IDFingerprints
import Testing

/// `IDFingerprintSet.fingerprint(of:tag:)` of bytes, a text and a text's buffer: the length and tag mixed by
/// SplitMix64's finalizer, then each whole little-endian 8-byte word, then the rest as a big-endian tail. Expected
/// values computed by a separate Python transcription of that description.
@Suite struct ByteFingerprintTests {
    @Test(arguments: [
        ("", UInt64(3), UInt64(0xBCCD_FD9C_96A1_8897)),
        ("42", 3, 0xD476_4388_D513_6ACD),
        ("Léo-2026-ab", 2, 0x40D0_78E1_B464_DFC3),  // 12 bytes: one word and a 4-byte tail
    ])
    func aTextIsFingerprintedByItsUTF8(text: String, tag: UInt64, expected: UInt64) {
        #expect(IDFingerprintSet.fingerprint(of: text, tag: tag) == expected)
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { IDFingerprintSet.fingerprint(of: $0, tag: tag) } == expected)
        #expect(bytes.withUnsafeBytes { IDFingerprintSet.fingerprint(of: $0, tag: tag) } == expected)
    }

    @Test func theTagSeparatesEqualBytes() {
        #expect(IDFingerprintSet.fingerprint(of: "42", tag: 2) != IDFingerprintSet.fingerprint(of: "42", tag: 3))
    }
}
