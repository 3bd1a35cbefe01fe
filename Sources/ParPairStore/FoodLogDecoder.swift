import Foundation
import ParPairModel

/// Decodes `ZFOODLOG` rows.
struct FoodLogDecoder: LogDecoder {
    static var mapping: EntityMapping { StoreSchema.foodLog }
    let id, amount, startTime, endTime, notes, baby: Field
    let type: EnumColumn<FoodType>
    let feedingUnit: EnumColumn<FeedingUnit>
    let babies: BabyRowIDs

    init(layout: TableLayout, babies: BabyRowIDs) {
        id = Field(layout, "id")
        type = EnumColumn(layout, "type")
        amount = Field(layout, "amount")
        feedingUnit = EnumColumn(layout, "feedingUnit")
        startTime = Field(layout, "startTime")
        endTime = Field(layout, "endTime")
        notes = Field(layout, "notes")
        baby = Field(layout, "baby")
        self.babies = babies
    }

    func decode(_ row: RowReader) throws -> FoodLog {
        FoodLog(
            id: try row.uuid(id),
            type: try row.enumeration(type),
            amount: try row.optionalDouble(amount),
            feedingUnit: try row.optionalEnumeration(feedingUnit),
            startTime: try row.date(startTime),
            endTime: try row.optionalDate(endTime),
            notes: try row.string(notes),
            baby: try row.babyReference(baby, babies: babies),
            rowID: try row.rowID()
        )
    }

    static func record(_ log: FoodLog) -> LogRecord { .food(log) }
    static func start(_ log: FoodLog) -> Date { log.startTime }
    static func rowID(_ log: FoodLog) -> Int64 { log.rowID }
    static func baby(_ log: FoodLog) -> BabyReference { log.baby }
}
