import CCrypto

/// AES-256 as encrypted iOS backups use it: key unwrap (RFC 3394) and CBC decryption with PKCS#7 padding.
public enum AES {
    /// Unwraps a 40-byte wrapped key with a 32-byte key-encryption key.
    /// - Throws: `CryptoError.integrityCheckFailed` when the wrapping key is not the one used (RFC 3394's IV check).
    public static func unwrapKey(_ wrapped: [UInt8], with kek: SecretBytes) throws(CryptoError) -> SecretBytes {
        guard kek.count == 32 else { throw .badLength("key-encryption key of \(kek.count) bytes") }
        guard wrapped.count >= 24, wrapped.count % 8 == 0 else { throw .badLength("wrapped key of \(wrapped.count) bytes") }
        guard let context = EVP_CIPHER_CTX_new() else { throw .failed("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        EVP_CIPHER_CTX_set_flags(context, Int32(EVP_CIPHER_CTX_FLAG_WRAP_ALLOW))
        let ready = kek.withUnsafeBytes { key in
            EVP_DecryptInit_ex(context, EVP_aes_256_wrap(), nil, key.bindMemory(to: UInt8.self).baseAddress, nil)
        }
        guard ready == 1 else { throw .failed("aes-256-wrap init") }
        let output = SecretBytes(count: wrapped.count)
        var written: Int32 = 0
        let status = output.withUnsafeMutableBytes { out in
            EVP_DecryptUpdate(context, out.bindMemory(to: UInt8.self).baseAddress, &written, wrapped, Int32(wrapped.count))
        }
        ERR_clear_error()
        guard status == 1, written == Int32(wrapped.count - 8) else { throw .integrityCheckFailed }
        return output.prefix(Int(written))
    }

    /// A streaming AES-256-CBC decryptor with PKCS#7 padding, fed a chunk at a time.
    public final class CBCDecryptor {
        private let context: OpaquePointer

        /// - Parameters: key: 32 bytes; iv: 16 bytes (iOS backups use zeros).
        public init(key: SecretBytes, iv: [UInt8] = [UInt8](repeating: 0, count: 16)) throws(CryptoError) {
            guard key.count == 32, iv.count == 16 else { throw .badLength("AES-256-CBC key \(key.count), iv \(iv.count)") }
            guard let context = EVP_CIPHER_CTX_new() else { throw .failed("EVP_CIPHER_CTX_new") }
            self.context = context
            let ready = key.withUnsafeBytes { key in
                EVP_DecryptInit_ex(context, EVP_aes_256_cbc(), nil, key.bindMemory(to: UInt8.self).baseAddress, iv)
            }
            guard ready == 1 else { throw .failed("aes-256-cbc init") }
        }

        deinit { EVP_CIPHER_CTX_free(context) }

        /// Decrypts a chunk; the output lags the input by up to one block (the padding is only known at the end).
        public func update(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CryptoError) {
            guard input.count > 0 else { return }
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: input.count + 16))
            var written: Int32 = 0
            let status = output.withUnsafeMutableBufferPointer { out in
                EVP_DecryptUpdate(context, out.baseAddress! + start, &written, input.bindMemory(to: UInt8.self).baseAddress,
                                  Int32(input.count))
            }
            guard status == 1 else { throw .failed("aes-256-cbc update") }
            output.removeLast(input.count + 16 - Int(written))
        }

        /// The last block, without its padding.
        /// - Throws: `CryptoError.badPadding` when the input was not whole blocks or the padding is wrong.
        public func finish(into output: inout [UInt8]) throws(CryptoError) {
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: 32))
            var written: Int32 = 0
            let status = output.withUnsafeMutableBufferPointer { out in
                EVP_DecryptFinal_ex(context, out.baseAddress! + start, &written)
            }
            ERR_clear_error()
            output.removeLast(32 - Int(max(written, 0)))
            guard status == 1 else { throw .badPadding }
        }
    }
}
