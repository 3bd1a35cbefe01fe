import Foundation

/// A sleep session: the app's `SleepLog`.
public struct SleepLog: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var startTime: Date
    /// nil while the timer runs (or when the parent forgot to stop it).
    public var endTime: Date?
    public var notes: String
    public var baby: BabyReference
    /// The row's `Z_PK`, to name it in messages.
    public var rowID: Int64

    public init(id: UUID, startTime: Date, endTime: Date? = nil, notes: String = "", baby: BabyReference, rowID: Int64 = 0) {
        self.id = id
        self.startTime = startTime
        self.endTime = endTime
        self.notes = notes
        self.baby = baby
        self.rowID = rowID
    }
}
