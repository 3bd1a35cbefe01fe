import Foundation

extension UUID {
    /// The first 8 hex digits, lowercase (`37f3d1fd`): the `baby_id` column, which keeps babies apart when
    /// names are redacted, and the suffix of digest folders and attachments.
    ///
    /// Written from the first four bytes, the same text as `uuidString.prefix(8).lowercased()` without making
    /// either string (it is written once a row of the weekly CSV).
    public var idPrefix: String {
        let bytes = (uuid.0, uuid.1, uuid.2, uuid.3)
        return String(unsafeUninitializedCapacity: 8) { buffer in
            func put(_ byte: UInt8, at index: Int) {
                buffer[index] = Self.lowercaseHexDigit(byte >> 4)
                buffer[index + 1] = Self.lowercaseHexDigit(byte & 0x0F)
            }
            put(bytes.0, at: 0)
            put(bytes.1, at: 2)
            put(bytes.2, at: 4)
            put(bytes.3, at: 6)
            return 8
        }
    }

    private static func lowercaseHexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10
    }
}
