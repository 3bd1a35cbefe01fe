import Foundation

/// A diaper change: the app's `DiaperLog`.
public struct DiaperLog: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var type: DiaperType
    public var time: Date
    public var notes: String
    public var baby: BabyReference
    /// The row's `Z_PK`, to name it in messages.
    public var rowID: Int64

    public init(id: UUID, type: DiaperType, time: Date, notes: String = "", baby: BabyReference, rowID: Int64 = 0) {
        self.id = id
        self.type = type
        self.time = time
        self.notes = notes
        self.baby = baby
        self.rowID = rowID
    }
}
