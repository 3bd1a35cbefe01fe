import AESCrypto
@testable import DeviceBackup
import Testing

/// The two real keybag class-1 entries of shared/reference/ios-backup-format.md §4 (public, from forensic
/// write-ups): the double PBKDF2 of iOS 10.2+ with their real counts unwraps their WPKY; a single PBKDF2-HMAC-SHA1
/// round, as iOS 10.1 and older used, does not. The unwrap's own integrity check is the independent judge.
@Suite struct RealKeybagEntryTests {
    struct Entry: Sendable, CustomTestStringConvertible {
        var password: String
        var wpky: String
        var iterations: UInt32
        var salt: String
        var dpic: UInt32
        var dpsl: String
        var testDescription: String { password }
    }

    static let entries = [
        Entry(password: "75966", wpky: "626711969caae23df508e651fa071254593d97384e76fed148cd0f3958e0beace281310f49cdc019",
              iterations: 10000, salt: "f4aa09135e119c474548436d29bd9830242b3cb5", dpic: 10_000_000,
              dpsl: "6ba58ebbae1fed3cb11e0e8b4ce6d49be0282e11"),
        Entry(password: "rickastleyftw", wpky: "6156796dfab06a60017beaed787d42477bd9bb1fa72d196f468a86e79fed2fe0dcb55bb2206b8001",
              iterations: 10000, salt: "f034055dc86c9b1774a9e01d515b7b29b05f90b0", dpic: 10_000_000,
              dpsl: "353941cce18704300d424e01ca215c6cb6488c6a"),
    ]

    static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return result
    }

    static func block(_ tag: String, _ value: [UInt8]) -> [UInt8] {
        let count = UInt32(value.count)
        return Array(tag.utf8) + [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + value
    }

    static func number(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A backup keybag laid out as iOS writes one (header, then the class group), holding the entry.
    static func keybag(_ entry: Entry, doubleProtection: Bool) -> [UInt8] {
        var header = block("VERS", number(4)) + block("TYPE", number(1)) + block("UUID", [UInt8](repeating: 1, count: 16))
            + block("WRAP", number(1)) + block("SALT", bytes(entry.salt)) + block("ITER", number(entry.iterations))
        if doubleProtection { header += block("DPWT", number(1)) + block("DPIC", number(entry.dpic)) + block("DPSL", bytes(entry.dpsl)) }
        return header + block("UUID", [UInt8](repeating: 2, count: 16)) + block("CLAS", number(1)) + block("WRAP", number(2))
            + block("KTYP", number(0)) + block("WPKY", bytes(entry.wpky))
    }

    @Test(arguments: entries)
    func theDoubleDerivationUnwrapsTheRealKey(_ entry: Entry) throws {
        let keybag = try Keybag(Self.keybag(entry, doubleProtection: true), path: "Manifest.plist")
        #expect(keybag.doubleProtection?.iterations == 10_000_000)
        let keys = try keybag.unlock(password: SecretBytes(Array(entry.password.utf8)), path: "backup", device: "a phone")
        #expect(keys[1]?.count == 32)
        #expect(keybag.progressText(device: "Ana's iPhone").hasPrefix("Unlocking the backup of Ana's iPhone (10,000,000 rounds, about "))
    }

    @Test(arguments: entries)
    func aSingleSHA1RoundDoesNot(_ entry: Entry) throws {
        let single = try KeyDerivation.pbkdf2(password: SecretBytes(Array(entry.password.utf8)), salt: Self.bytes(entry.salt),
                                              iterations: Int(entry.iterations), hash: .sha1)
        #expect(throws: CryptoError.integrityCheckFailed) { try AES.unwrapKey(Self.bytes(entry.wpky), with: single) }
        let keybag = try Keybag(Self.keybag(entry, doubleProtection: false), path: "Manifest.plist")
        #expect(throws: BackupError.wrongPassword("backup", device: "a phone")) {
            try keybag.unlock(password: SecretBytes(Array(entry.password.utf8)), path: "backup", device: "a phone")
        }
    }
}
