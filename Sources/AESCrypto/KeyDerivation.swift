import CCrypto

/// PBKDF2 (RFC 8018) with HMAC-SHA1 or HMAC-SHA256, from OpenSSL's libcrypto.
public enum KeyDerivation {
    public enum Hash: Sendable {
        case sha1, sha256
    }

    /// The derived key of `length` bytes.
    /// - Throws: `CryptoError.failed` when libcrypto refuses (an iteration count out of its range).
    public static func pbkdf2(
        password: SecretBytes, salt: [UInt8], iterations: Int, hash: Hash, length: Int = 32
    ) throws(CryptoError) -> SecretBytes {
        guard iterations > 0, iterations <= Int(Int32.max) else { throw .failed("PBKDF2 iteration count \(iterations)") }
        let key = SecretBytes(count: length)
        let digest = hash == .sha1 ? EVP_sha1() : EVP_sha256()
        let status = password.withUnsafeBytes { password in
            // The secret is read in place: no copy of the password or key is left in an array.
            salt.withUnsafeBufferPointer { salt in
                key.withUnsafeMutableBytes { output in
                    PKCS5_PBKDF2_HMAC(password.bindMemory(to: CChar.self).baseAddress, Int32(password.count), salt.baseAddress,
                                      Int32(salt.count), Int32(iterations), digest, Int32(length),
                                      output.bindMemory(to: UInt8.self).baseAddress)
                }
            }
        }
        guard status == 1 else { throw .failed("PBKDF2") }
        return key
    }
}

/// Why a cryptographic operation did not give a result.
public enum CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key unwrap whose integrity check failed: the wrong key (for a backup: the wrong password).
    case integrityCheckFailed
    /// The ciphertext's last block does not end in valid PKCS#7 padding, or its length is not a whole number of blocks.
    case badPadding
    /// A key or input of the wrong size.
    case badLength(String)
    /// libcrypto refused the operation.
    case failed(String)

    public var description: String {
        switch self {
        case .integrityCheckFailed: "the key unwrap's integrity check failed (wrong key)"
        case .badPadding: "the decrypted data does not end in valid padding"
        case .badLength(let what): "wrong length: \(what)"
        case .failed(let what): "libcrypto failed: \(what)"
        }
    }
}
