import AESCrypto
import Foundation

/// The `BackupKeyBag` of an encrypted backup's `Manifest.plist`: the salts and iteration counts that
/// turn the password into a key, and each protection class's key wrapped with it.
struct Keybag {
    struct ClassKey {
        var protectionClass: UInt32
        var wrap: UInt32
        var wrappedKey: [UInt8]
    }

    var salt: [UInt8]
    var iterations: Int
    /// The SHA-256 round that iOS 10.2 added before the SHA-1 one; nil in older backups.
    var doubleProtection: (salt: [UInt8], iterations: Int)?
    var classKeys: [ClassKey]

    /// The largest counts accepted (iOS uses 10,000,000 and 10,000; iphone_backup_decrypt bounds them the same way).
    static let maximumDoubleProtectionIterations = 20_000_000
    static let maximumIterations = 1_000_000

    /// Parses the tag-length-value blocks: a header, then one group per class, each starting with `UUID`.
    init(_ bytes: [UInt8], path: String) throws(BackupError) {
        var header: [String: [UInt8]] = [:]
        var groups: [[String: [UInt8]]] = []
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else { throw .damaged(path, detail: "the keybag ends inside a block header") }
            let tag = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let length = Int(bytes[offset + 4]) << 24 | Int(bytes[offset + 5]) << 16 | Int(bytes[offset + 6]) << 8 | Int(bytes[offset + 7])
            offset += 8
            guard length <= bytes.count - offset else { throw .damaged(path, detail: "the keybag's \(tag) block runs past its end") }
            let value = Array(bytes[offset..<(offset + length)])
            offset += length
            if tag == "UUID", header["UUID"] != nil {
                groups.append([:])
            }
            if groups.isEmpty { header[tag] = value } else { groups[groups.count - 1][tag] = value }
        }
        func number(_ value: [UInt8]?) -> UInt32? {
            guard let value, value.count == 4 else { return nil }
            return value.reduce(0) { $0 << 8 | UInt32($1) }
        }
        guard let salt = header["SALT"], salt.count == 20, let iterations = number(header["ITER"]) else {
            throw .damaged(path, detail: "the keybag has no SALT or ITER")
        }
        guard iterations >= 1, iterations <= Self.maximumIterations else {
            throw .iterationsOutOfRange(path, detail: "ITER is \(iterations), beyond 1 to \(Self.maximumIterations)")
        }
        self.salt = salt
        self.iterations = Int(iterations)
        if let dpsl = header["DPSL"], let dpic = number(header["DPIC"]) {
            guard dpic >= 1, dpic <= Self.maximumDoubleProtectionIterations else {
                throw .iterationsOutOfRange(path, detail: "DPIC is \(dpic), beyond 1 to \(Self.maximumDoubleProtectionIterations)")
            }
            doubleProtection = (dpsl, Int(dpic))
        }
        classKeys = groups.compactMap { group in
            guard let protectionClass = number(group["CLAS"]), let key = group["WPKY"] else { return nil }
            return ClassKey(protectionClass: protectionClass, wrap: number(group["WRAP"]) ?? 0, wrappedKey: key)
        }
        guard !classKeys.isEmpty else { throw .damaged(path, detail: "the keybag holds no class keys") }
    }

    /// What a terminal shows while the key is derived, with the rounds and a time measured on a short run here:
    /// `Unlocking the backup of Ana's iPhone (10,000,000 rounds, about 2 s)…`.
    func progressText(device: String) -> String {
        // The SHA-256 rounds are the ones that take the time: those are the count shown.
        let rounds = doubleProtection?.iterations ?? iterations
        let sample = 20_000
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try? KeyDerivation.pbkdf2(password: SecretBytes([0]), salt: salt, iterations: sample, hash: .sha256)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 * Double(rounds + iterations) / Double(sample)
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        let count = formatter.string(from: NSNumber(value: rounds)) ?? "\(rounds)"
        return "Unlocking the backup of \(device) (\(count) rounds, about \(max(1, Int(seconds.rounded()))) s)…"
    }

    /// The class keys, unwrapped with the key the password gives.
    /// - Throws: `BackupError.wrongPassword` when the password's key does not unwrap them.
    func unlock(password: SecretBytes, path: String, device: String) throws(BackupError) -> [UInt32: SecretBytes] {
        let passcodeKey: SecretBytes
        do {
            var first = password
            if let double = doubleProtection {
                first = try KeyDerivation.pbkdf2(password: password, salt: double.salt, iterations: double.iterations, hash: .sha256)
            }
            passcodeKey = try KeyDerivation.pbkdf2(password: first, salt: salt, iterations: iterations, hash: .sha1)
        } catch {
            throw .damaged(path, detail: "the keybag's key derivation failed: \(error)")
        }
        var keys: [UInt32: SecretBytes] = [:]
        for classKey in classKeys where classKey.wrap & 2 != 0 {
            do {
                keys[classKey.protectionClass] = try AES.unwrapKey(classKey.wrappedKey, with: passcodeKey)
            } catch .integrityCheckFailed {
                throw .wrongPassword(path, device: device)
            } catch {
                throw .damaged(path, detail: "class key \(classKey.protectionClass): \(error)")
            }
        }
        guard !keys.isEmpty else { throw .damaged(path, detail: "the keybag has no password-wrapped class keys") }
        return keys
    }
}
