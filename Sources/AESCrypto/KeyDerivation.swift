import CNettle

/// PBKDF2 (RFC 8018) with HMAC-SHA1 or HMAC-SHA256, from Nettle.
public enum KeyDerivation {
    public enum Hash: Sendable {
        case sha1, sha256
    }

    /// The derived key of `length` bytes.
    /// - Throws: `CryptoError.badLength` for an iteration count outside 1...UInt32.max (Nettle asserts on 0).
    public static func pbkdf2(
        password: SecretBytes, salt: [UInt8], iterations: Int, hash: Hash, length: Int = 32
    ) throws(CryptoError) -> SecretBytes {
        guard iterations > 0, iterations <= Int(UInt32.max) else { throw .badLength("PBKDF2 iteration count \(iterations)") }
        let key = SecretBytes(count: length)
        password.withUnsafeBytes { password in
            // The secret is read in place: no copy of the password or key is left in an array.
            let secret = password.bindMemory(to: UInt8.self)
            key.withUnsafeMutableBytes { output in
                let target = output.bindMemory(to: UInt8.self).baseAddress
                switch hash {
                case .sha1:
                    nettle_pbkdf2_hmac_sha1(secret.count, secret.baseAddress, UInt32(iterations), salt.count, salt, length, target)
                case .sha256:
                    nettle_pbkdf2_hmac_sha256(secret.count, secret.baseAddress, UInt32(iterations), salt.count, salt, length, target)
                }
            }
        }
        return key
    }
}

/// Why a cryptographic operation did not give a result.
public enum CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key unwrap whose integrity check failed: the wrong key (for a backup: the wrong password).
    case integrityCheckFailed
    /// The ciphertext's last block does not end in valid PKCS#7 padding, or its length is not a whole number of blocks.
    case badPadding
    /// A key, an input or a count of the wrong size.
    case badLength(String)

    public var description: String {
        switch self {
        case .integrityCheckFailed: "the key unwrap's integrity check failed (wrong key)"
        case .badPadding: "the decrypted data does not end in valid padding"
        case .badLength(let what): "wrong length: \(what)"
        }
    }
}
