import Foundation

/// A baby as the app stores it.
public struct Baby: Sendable, Hashable, Identifiable {
    /// The app's `id` (`@Attribute(.unique)`).
    public var id: UUID
    public var name: String
    /// The instant the app stored; only its local calendar date matters for ages.
    public var birthday: Date
    /// The row's `Z_PK`, which logs use to point at their baby.
    public var rowID: Int64

    public init(id: UUID, name: String, birthday: Date, rowID: Int64 = 0) {
        self.id = id
        self.name = name
        self.birthday = birthday
        self.rowID = rowID
    }
}
