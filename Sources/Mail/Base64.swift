import Foundation

/// Base64 (RFC 4648 §4) as used for MIME bodies (RFC 2045 §6.8) and "B" encoded-words (RFC 2047): the
/// platform's encoder, cut into MIME lines here. (The one decoder is PropertyList's, strict, for hostile plists.)
enum Base64 {
    /// Encodes `bytes` as one unbroken run of base64 characters, with `=` padding (Foundation's encoder).
    static func encode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        Array(Data(bytes).base64EncodedData())
    }

    /// Encodes `bytes` as a MIME body: lines of at most `lineLength` characters, each ending in CRLF.
    ///
    /// Empty input gives no lines at all.
    static func encodeLines(_ bytes: some Collection<UInt8>, lineLength: Int = 76) -> [UInt8] {
        precondition(lineLength > 0 && lineLength % 4 == 0, "base64 line length must be a positive multiple of 4")
        let encoded = encode(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(encoded.count + encoded.count / lineLength * 2 + 2)
        var start = 0
        while start < encoded.count {
            let end = min(start + lineLength, encoded.count)
            output.append(contentsOf: encoded[start..<end])
            output.append(contentsOf: [0x0d, 0x0a])
            start = end
        }
        return output
    }
}
