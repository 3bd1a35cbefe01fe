import Foundation
import ParPairModel

/// Decodes `ZSLEEPLOG` rows.
struct SleepLogDecoder: LogDecoder {
    static var mapping: EntityMapping { StoreSchema.sleepLog }
    let id, startTime, endTime, notes, baby: Field
    let babies: BabyRowIDs

    init(layout: TableLayout, babies: BabyRowIDs) {
        id = Field(layout, "id")
        startTime = Field(layout, "startTime")
        endTime = Field(layout, "endTime")
        notes = Field(layout, "notes")
        baby = Field(layout, "baby")
        self.babies = babies
    }

    func decode(_ row: RowReader) throws -> SleepLog {
        SleepLog(
            id: try row.uuid(id),
            startTime: try row.date(startTime),
            endTime: try row.optionalDate(endTime),
            notes: try row.string(notes),
            baby: try row.babyReference(baby, babies: babies),
            rowID: try row.rowID()
        )
    }

    static func record(_ log: SleepLog) -> LogRecord { .sleep(log) }
    static func start(_ log: SleepLog) -> Date { log.startTime }
    static func rowID(_ log: SleepLog) -> Int64 { log.rowID }
    static func baby(_ log: SleepLog) -> BabyReference { log.baby }
}
