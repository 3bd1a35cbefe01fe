/// Base64 (RFC 4648 §4, the standard alphabet): the encoder MIME bodies (RFC 2045 §6.8), "B" encoded-words
/// (RFC 2047) and the report's `data:` images use, and the strict decoder hostile property lists' `<data>` goes
/// through.
public enum Base64 {
    /// Encodes `bytes` as one unbroken run of base64 characters, with `=` padding.
    public static func encode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        Array(bytes).withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: encodedCount(source.count)) { output, count in
                count = write(source, into: output, at: 0)
            }
        }
    }

    /// `prefix`, then the UTF-8 of `text` as one unbroken run of base64 characters with `=` padding, made in one
    /// piece: no intermediate array, no second copy for the prefix.
    public static func string(encodingUTF8Of text: String, after prefix: String = "") -> String {
        var text = text
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: prefix.utf8.count + encodedCount(bytes.count)) { output in
                write(bytes, into: output, at: output.initialize(fromContentsOf: prefix.utf8))
            }
        }
    }

    /// Characters for `count` bytes, padding included.
    private static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Writes the characters of `bytes` into `output` from `start`; returns where they end. Each 3 bytes are two
    /// 12-bit halves, each looked up as its two characters (``pairs``). `output` must hold
    /// `start + encodedCount(bytes.count)` bytes: both callers allocate exactly that.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        pairs.withUnsafeBufferPointer { pairs in
            /// Writes the characters of 3 bytes (`bits`, the first in the high 8 of 24).
            func four(_ bits: Int, at offset: Int) {
                let characters = UnsafeMutableRawPointer(output.baseAddress! + offset)
                characters.storeBytes(of: pairs[bits >> 12], as: UInt16.self)
                characters.storeBytes(of: pairs[bits & 0xFFF], toByteOffset: 2, as: UInt16.self)
            }
            var at = start
            var from = 0
            while bytes.count - from >= 3 {
                four(Int(bytes[from]) << 16 | Int(bytes[from + 1]) << 8 | Int(bytes[from + 2]), at: at)
                from += 3
                at += 4
            }
            guard from < bytes.count else { return at }
            // One or two bytes left: two or three characters, and `=` to make four.
            let two = bytes.count - from == 2
            four(Int(bytes[from]) << 16 | (two ? Int(bytes[from + 1]) << 8 : 0), at: at)
            output[at + 3] = UInt8(ascii: "=")
            if !two { output[at + 2] = UInt8(ascii: "=") }
            return at + 4
        }
    }

    /// The base64 characters of every 12 bits, as they lie in memory (the first character at the lower address).
    private static let pairs: [UInt16] = {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        return (0..<4096).map { (UInt16(alphabet[$0 >> 6]) | UInt16(alphabet[$0 & 63]) << 8).littleEndian }
    }()

    /// Encodes `bytes` as a MIME body: lines of at most `lineLength` characters, each ending in CRLF.
    ///
    /// Empty input gives no lines at all.
    public static func encodeLines(_ bytes: some Collection<UInt8>, lineLength: Int = 76) -> [UInt8] {
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

    /// Decodes base64 text strictly: the standard alphabet only, spaces, tabs and line breaks between characters
    /// ignored, `=` padding optional but nothing after it; nil for anything else.
    public static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for byte in text.utf8 {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            guard padding == 0 else { return nil }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        return padding <= 2 ? output : nil
    }
}
