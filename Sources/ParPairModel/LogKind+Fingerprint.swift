import Foundation
import IDFingerprints

extension LogKind {
    /// Mixed into the fingerprints of this kind's ids: the same id in two kinds' tables is no repeat.
    public var fingerprintSalt: UInt64 {
        switch self {
        case .food: 0x9E37_79B9_7F4A_7C15
        case .sleep: 0xC2B2_AE3D_27D4_EB4F
        case .diaper: 0x1656_67B1_9E37_79F9
        case .activity: 0x85EB_CA77_C2B2_AE63
        }
    }
}

extension IDFingerprintSet {
    /// The fingerprint of an id within one kind of log.
    public static func fingerprint(of id: UUID, kind: LogKind) -> UInt64 {
        fingerprint(of: id, salt: kind.fingerprintSalt)
    }
}

extension RepeatedIDCounter {
    /// Counts the repeated ids of one table of logs of `kind`.
    /// - Parameter expected: about how many logs the table holds (its row count); any value works.
    public init(kind: LogKind, expected: Int) {
        self.init(salt: kind.fingerprintSalt, expected: expected)
    }
}
