import CNettle

/// SHA-256 (FIPS 180-4) from Nettle, fed in pieces. Mail derives stable identifiers (Message-ID, MIME
/// boundaries) from content with it.
public struct SHA256: Sendable {
    private var context = sha256_ctx()

    public init() {
        nettle_sha256_init(&context)
    }

    /// Feeds more bytes into the hash.
    public mutating func update(_ bytes: some Collection<UInt8>) {
        let fed: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            nettle_sha256_update(&context, buffer.count, buffer.baseAddress)
        }
        if fed == nil {
            let copy = Array(bytes)
            nettle_sha256_update(&context, copy.count, copy)
        }
    }

    /// The 32-byte digest of everything fed so far (the hash itself is left as it was).
    public func finalize() -> [UInt8] {
        var copy = context
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_sha256_digest(&copy, digest.count, &digest)
        return digest
    }

    /// The digest of `bytes` as lowercase hexadecimal.
    public static func hexDigest(of bytes: some Collection<UInt8>) -> String {
        var hash = SHA256()
        hash.update(bytes)
        let digits = Array("0123456789abcdef")
        return String(hash.finalize().flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
    }
}
