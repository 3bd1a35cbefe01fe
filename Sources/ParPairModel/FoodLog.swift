import Foundation

/// A feed: the app's `FoodLog`.
public struct FoodLog: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var type: FoodType
    /// The amount in `feedingUnit`; nil for a breastfeed.
    public var amount: Double?
    public var feedingUnit: FeedingUnit?
    public var startTime: Date
    public var endTime: Date?
    public var notes: String
    public var baby: BabyReference
    /// The row's `Z_PK`, to name it in messages.
    public var rowID: Int64

    public init(
        id: UUID, type: FoodType, amount: Double? = nil, feedingUnit: FeedingUnit? = nil,
        startTime: Date, endTime: Date? = nil, notes: String = "", baby: BabyReference, rowID: Int64 = 0
    ) {
        self.id = id
        self.type = type
        self.amount = amount
        self.feedingUnit = feedingUnit
        self.startTime = startTime
        self.endTime = endTime
        self.notes = notes
        self.baby = baby
        self.rowID = rowID
    }
}
