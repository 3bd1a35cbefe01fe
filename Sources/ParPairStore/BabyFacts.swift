import Foundation

/// One baby as `info` shows it.
public struct BabyFacts: Sendable, Hashable, Codable {
    public var rowID: Int64
    public var id: UUID
    public var name: String
    public var birthday: Date
    /// Logs pointing at this baby, by kind (`food`, `sleep`, `diaper`, `activity`).
    public var logs: [String: Int]

    public init(rowID: Int64, id: UUID, name: String, birthday: Date, logs: [String: Int]) {
        self.rowID = rowID
        self.id = id
        self.name = name
        self.birthday = birthday
        self.logs = logs
    }
}
