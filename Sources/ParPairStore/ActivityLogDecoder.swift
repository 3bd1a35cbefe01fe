import Foundation
import ParPairModel

/// Decodes `ZACTIVITYLOG` rows.
struct ActivityLogDecoder: LogDecoder {
    static var mapping: EntityMapping { StoreSchema.activityLog }
    let id, startTime, endTime, notes, baby: Field
    let type: EnumColumn<ActivityType>
    let babies: BabyRowIDs

    init(layout: TableLayout, babies: BabyRowIDs) {
        id = Field(layout, "id")
        type = EnumColumn(layout, "type")
        startTime = Field(layout, "startTime")
        endTime = Field(layout, "endTime")
        notes = Field(layout, "notes")
        baby = Field(layout, "baby")
        self.babies = babies
    }

    func decode(_ row: RowReader) throws -> ActivityLog {
        ActivityLog(
            id: try row.uuid(id),
            type: try row.enumeration(type),
            startTime: try row.date(startTime),
            endTime: try row.optionalDate(endTime),
            notes: try row.string(notes),
            baby: try row.babyReference(baby, babies: babies),
            rowID: try row.rowID()
        )
    }

    static func record(_ log: ActivityLog) -> LogRecord { .activity(log) }
    static func start(_ log: ActivityLog) -> Date { log.startTime }
    static func rowID(_ log: ActivityLog) -> Int64 { log.rowID }
    static func baby(_ log: ActivityLog) -> BabyReference { log.baby }
}
