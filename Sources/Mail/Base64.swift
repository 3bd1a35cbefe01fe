/// Base64 (RFC 4648 §4) as used for MIME bodies (RFC 2045 §6.8) and "B" encoded-words (RFC 2047).
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Encodes `bytes` as one unbroken run of base64 characters, with `=` padding.
    static func encode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = second == nil ? nil : iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(group >> 18 & 0x3f)])
            output.append(alphabet[Int(group >> 12 & 0x3f)])
            output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 0x3f)])
            output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 0x3f)])
        }
        return output
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
