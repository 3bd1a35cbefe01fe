import Foundation
import ParPairModel

/// One log table being read as part of a merged stream.
struct LogCursor {
    struct Head {
        let record: LogRecord
        let start: Date
        let rowID: Int64
    }

    let kind: LogKind
    private let advance: () throws -> Head?

    init<Decoder: LogDecoder>(kind: LogKind, row: RowReader, decoder: Decoder) {
        self.kind = kind
        advance = {
            guard try row.statement.step() else { return nil }
            let log = try decoder.decode(row)
            return Head(record: Decoder.record(log), start: Decoder.start(log), rowID: Decoder.rowID(log))
        }
    }

    /// The next log of this table, or nil at the end.
    func next() throws -> Head? { try advance() }
}
