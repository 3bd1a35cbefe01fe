import Foundation
import ParPairModel

/// Decodes `ZDIAPERLOG` rows.
struct DiaperLogDecoder: LogDecoder {
    static var mapping: EntityMapping { StoreSchema.diaperLog }
    let id, time, notes, baby: Field
    let type: EnumColumn<DiaperType>
    let babies: BabyRowIDs

    init(layout: TableLayout, babies: BabyRowIDs) {
        id = Field(layout, "id")
        type = EnumColumn(layout, "type")
        time = Field(layout, "time")
        notes = Field(layout, "notes")
        baby = Field(layout, "baby")
        self.babies = babies
    }

    func decode(_ row: RowReader) throws -> DiaperLog {
        DiaperLog(
            id: try row.uuid(id),
            type: try row.enumeration(type),
            time: try row.date(time),
            notes: try row.string(notes),
            baby: try row.babyReference(baby, babies: babies),
            rowID: try row.rowID()
        )
    }

    static func record(_ log: DiaperLog) -> LogRecord { .diaper(log) }
    static func start(_ log: DiaperLog) -> Date { log.time }
    static func rowID(_ log: DiaperLog) -> Int64 { log.rowID }
    static func baby(_ log: DiaperLog) -> BabyReference { log.baby }
}
