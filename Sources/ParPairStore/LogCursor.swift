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

    init<Decoder: LogDecoder>(kind: LogKind, row: RowReader, decoder: Decoder, reader: StoreReader) {
        self.kind = kind
        advance = {
            while try row.statement.step() {
                // A row that does not decode is recorded by the reader and skipped.
                guard let log = try reader.decodeOrSkip(decoder, row, kind: kind) else { continue }
                return Head(record: Decoder.record(log), start: Decoder.start(log), rowID: Decoder.rowID(log))
            }
            return nil
        }
    }

    /// The next log of this table, or nil at the end.
    func next() throws -> Head? { try advance() }
}
