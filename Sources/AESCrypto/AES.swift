import CNettle

/// AES-256 as encrypted iOS backups use it: key unwrap (RFC 3394) and CBC decryption with PKCS#7 padding.
public enum AES {
    static let blockSize = 16

    /// Unwraps a wrapped key (40 bytes for a 32-byte key) with a 32-byte key-encryption key.
    /// - Throws: `CryptoError.integrityCheckFailed` when the wrapping key is not the one used (RFC 3394's IV check).
    public static func unwrapKey(_ wrapped: [UInt8], with kek: SecretBytes) throws(CryptoError) -> SecretBytes {
        guard kek.count == 32 else { throw .badLength("key-encryption key of \(kek.count) bytes") }
        guard wrapped.count >= 24, wrapped.count % 8 == 0 else { throw .badLength("wrapped key of \(wrapped.count) bytes") }
        let schedule = KeySchedule(decrypting: kek)
        let output = SecretBytes(count: wrapped.count - 8)
        // RFC 3394's default initial value.
        let iv = [UInt8](repeating: 0xA6, count: 8)
        let status = output.withUnsafeMutableBytes { out in
            nettle_aes256_keyunwrap(schedule.context, iv, out.count, out.bindMemory(to: UInt8.self).baseAddress, wrapped)
        }
        guard status == 1 else { throw .integrityCheckFailed }
        return output
    }

    /// An AES-256 decryption key schedule, wiped when released.
    final class KeySchedule {
        let context: UnsafeMutablePointer<aes256_ctx>

        init(decrypting key: SecretBytes) {
            context = .allocate(capacity: 1)
            key.withUnsafeBytes { nettle_aes256_set_decrypt_key(context, $0.bindMemory(to: UInt8.self).baseAddress) }
        }

        deinit {
            Wipe.bytes(context, MemoryLayout<aes256_ctx>.size)
            context.deallocate()
        }
    }

    /// A streaming AES-256-CBC decryptor with PKCS#7 padding, fed a chunk at a time: chunks need not be
    /// whole blocks, and the last block is held back until `finish` because it carries the padding.
    public final class CBCDecryptor {
        private let schedule: KeySchedule
        private var iv: [UInt8]
        /// Ciphertext bytes short of a whole block, waiting for the next chunk.
        private var carry: [UInt8] = []
        /// The last block decrypted, which may be the padding.
        private var held: [UInt8] = []

        /// - Parameters: key: 32 bytes; iv: 16 bytes (iOS backups use zeros).
        public init(key: SecretBytes, iv: [UInt8] = [UInt8](repeating: 0, count: 16)) throws(CryptoError) {
            guard key.count == 32, iv.count == AES.blockSize else { throw .badLength("AES-256-CBC key \(key.count), iv \(iv.count)") }
            schedule = KeySchedule(decrypting: key)
            self.iv = iv
        }

        /// Decrypts a chunk; the output lags the input by one block (the padding is only known at the end).
        public func update(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) {
            guard input.count > 0 else { return }
            var cipher = carry
            cipher.append(contentsOf: input)
            let whole = cipher.count - cipher.count % AES.blockSize
            carry = Array(cipher[whole...])
            guard whole > 0 else { return }
            var plain = [UInt8](repeating: 0, count: whole)
            let decrypt: @convention(c) (UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafePointer<UInt8>?) -> Void = {
                nettle_aes256_decrypt($0?.assumingMemoryBound(to: aes256_ctx.self), $1, $2, $3)
            }
            nettle_cbc_decrypt(schedule.context, decrypt, AES.blockSize, &iv, whole, &plain, cipher)
            output.append(contentsOf: held)
            output.append(contentsOf: plain[..<(whole - AES.blockSize)])
            held = Array(plain[(whole - AES.blockSize)...])
        }

        /// The last block, without its padding.
        /// - Throws: `CryptoError.badPadding` when the input was not whole blocks or the padding is wrong.
        public func finish(into output: inout [UInt8]) throws(CryptoError) {
            guard carry.isEmpty, held.count == AES.blockSize else { throw .badPadding }
            let pad = Int(held[AES.blockSize - 1])
            guard (1...AES.blockSize).contains(pad), held[(AES.blockSize - pad)...].allSatisfy({ Int($0) == pad }) else {
                throw .badPadding
            }
            output.append(contentsOf: held[..<(AES.blockSize - pad)])
            held = []
        }
    }
}
