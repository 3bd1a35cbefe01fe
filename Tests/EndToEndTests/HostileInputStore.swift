import Foundation
import ParPairModel
import ParPairStore
import ParPairSample
import SQLite

/// The small valid store the data-level corpus starts from, written with `StoreWriter`: Mia, born
/// 2026-10-01 (Z_PK 1), with one log of every kind on 2026-11-10 (each Z_PK 1; the breastfeed 2).
/// Hostile rows use Z_PK 100 and the id `hostileID`, so findings and errors can be traced to them.
enum HostileInputStore {
    static let mia = Baby(id: UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!, name: "Mia",
                          birthday: time("2026-10-01T00:00:00Z"), rowID: 1)
    /// The id of the hostile row of a case.
    static let hostileID = UUID(uuidString: "BADBAD00-0000-4000-8000-000000000100")!
    /// The hostile row's `Z_PK`.
    static let hostileRow: Int64 = 100
    /// The id as the SQL literal of its 16-byte BLOB.
    static let hostileIDBlob = "X'BADBAD00000040008000000000000100'"
    /// Seconds since 2001-01-01 of 2026-11-10T08:00:00Z, a time inside the report.
    static let reportTime = time("2026-11-10T08:00:00Z").timeIntervalSinceReferenceDate

    /// The first and last instants the reader accepts: 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
    static let yearOne = -63_113_904_000.0
    static let year9999 = 252_423_993_599.0

    static func time(_ iso: String) -> Date {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: iso) else { preconditionFailure("bad test date \(iso)") }
        return date
    }

    static func id(_ last: UInt8) -> UUID {
        UUID(uuid: (0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x47, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, last))
    }

    /// Writes the base rows, lets `body` add or change rows (raw SQL through `writer.execute`), and
    /// finishes the store (checkpointed: no `-wal`).
    static func write(at path: String, style: StoreLayoutSQL.EnumStyle, _ body: (StoreWriter) throws -> Void) throws {
        let writer = try StoreWriter(creatingAt: path, options: .init(enumStyle: style))
        try writer.insert(mia)
        let baby = BabyReference.baby(id: mia.id)
        try writer.insert(FoodLog(id: id(1), type: .formula, amount: 120, feedingUnit: .milliliters,
                                  startTime: time("2026-11-10T08:00:00Z"), notes: "first bottle", baby: baby, rowID: 1))
        try writer.insert(FoodLog(id: id(2), type: .breastfeeding, startTime: time("2026-11-10T10:00:00Z"),
                                  endTime: time("2026-11-10T10:20:00Z"), baby: baby, rowID: 2))
        try writer.insert(SleepLog(id: id(3), startTime: time("2026-11-10T12:00:00Z"), endTime: time("2026-11-10T14:00:00Z"),
                                   baby: baby, rowID: 1))
        try writer.insert(DiaperLog(id: id(4), type: .wet, time: time("2026-11-10T15:00:00Z"), baby: baby, rowID: 1))
        try writer.insert(ActivityLog(id: id(5), type: .tummyTime, startTime: time("2026-11-10T16:00:00Z"),
                                      endTime: time("2026-11-10T16:10:00Z"), baby: baby, rowID: 1))
        try body(writer)
        try writer.finish()
    }

    /// A feed with the hostile id and row, 2026-11-10T08:00Z, Formula 90 ml, with `change` applied.
    static func hostileFeed(_ change: (inout FoodLog) -> Void = { _ in }) -> FoodLog {
        var log = FoodLog(id: hostileID, type: .formula, amount: 90, feedingUnit: .milliliters,
                          startTime: Date(timeIntervalSinceReferenceDate: reportTime + 3600),
                          baby: .baby(id: mia.id), rowID: hostileRow)
        change(&log)
        return log
    }

    /// A Mustache template that lists every finding as `rule kind row`, one a line, babies' first.
    static let findingsTemplate = """
    {{#babies}}{{#findings}}{{{rule}}} {{{kind}}} {{{row}}}
    {{/findings}}{{/babies}}{{#orphans}}{{{rule}}} {{{kind}}} {{{row}}}
    {{/orphans}}{{#unreadable_rows}}{{{rule}}} {{{kind}}} {{{row}}}
    {{/unreadable_rows}}
    """
}
