import TextBytes
import Foundation

extension UUID {
    /// The first 8 hex digits, lowercase (`37f3d1fd`): the `baby_id` column, which keeps babies apart when
    /// names are redacted, and the suffix of digest folders and attachments.
    ///
    /// Written from the first four bytes, the same text as `uuidString.prefix(8).lowercased()` without making
    /// either string (it is written once a row of the weekly CSV).
    public var idPrefix: String {
        let bytes = (uuid.0, uuid.1, uuid.2, uuid.3)
        return ASCIIWriter.string(capacity: 8) { text in
            text.append(hex: bytes.0)
            text.append(hex: bytes.1)
            text.append(hex: bytes.2)
            text.append(hex: bytes.3)
        }
    }
}
