import Foundation
import ParPairModel
import SQLite

/// One log table being read as part of a merged stream, in (start, `Z_PK`) order.
struct LogCursor {
    struct Head {
        let record: LogRecord
        let start: Date
        let rowID: Int64
    }

    let kind: LogKind
    private let advance: () throws -> Head?

    /// Begins the table's stream. When SQLite refuses a value (`StoreReader+OversizedRows`), the table's
    /// oversized rows are found and the stream is made again without them, passing over the logs already
    /// returned: they come first in the same total order.
    init<Decoder: LogDecoder>(_ kind: LogKind, layout: TableLayout, decoder: Decoder, reader: StoreReader) throws {
        self.kind = kind
        var row = RowReader(statement: try reader.beginStream(kind, sql: layout.orderedSelectSQL(excluding: reader.excludedRows(of: kind))),
                            table: layout.tableName, storePath: reader.location.storeFile)
        var returned = 0
        var passOver = 0
        advance = {
            while true {
                do {
                    while try row.statement.step() {
                        // A row that does not decode is recorded by the reader and skipped.
                        guard let log = try reader.decodeOrSkip(decoder, row, kind: kind) else { continue }
                        if passOver > 0 {
                            passOver -= 1
                            continue
                        }
                        returned += 1
                        return Head(record: Decoder.record(log), start: Decoder.start(log), rowID: Decoder.rowID(log))
                    }
                    return nil
                } catch let error as SQLiteError where error.category == .tooBig {
                    try? row.statement.reset()
                    guard try reader.findOversizedRows(of: kind) else { throw error }
                    let sql = layout.orderedSelectSQL(excluding: reader.excludedRows(of: kind))
                    row = RowReader(statement: try reader.restream(kind, sql: sql), table: layout.tableName,
                                    storePath: reader.location.storeFile)
                    passOver = returned
                }
            }
        }
    }

    /// The next log of this table, or nil at the end.
    func next() throws -> Head? { try advance() }
}
