/// Byte-level access to a string's UTF-8 for the escapers and the parser.
enum UTF8Bytes {
    /// Calls `body` with the string's UTF-8 bytes, contiguous (copying only for bridged strings).
    static func with<Result>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        var string = string
        return try string.withUTF8(body)
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
