import Foundation

/// An activity such as tummy time: the app's `ActivityLog`.
public struct ActivityLog: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var type: ActivityType
    public var startTime: Date
    public var endTime: Date?
    public var notes: String
    public var baby: BabyReference
    /// The row's `Z_PK`, to name it in messages.
    public var rowID: Int64

    public init(
        id: UUID, type: ActivityType, startTime: Date, endTime: Date? = nil, notes: String = "",
        baby: BabyReference, rowID: Int64 = 0
    ) {
        self.id = id
        self.type = type
        self.startTime = startTime
        self.endTime = endTime
        self.notes = notes
        self.baby = baby
        self.rowID = rowID
    }
}
