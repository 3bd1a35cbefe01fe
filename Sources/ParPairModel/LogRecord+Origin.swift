import Foundation

extension LogRecord {
    /// The row (`Z_PK`) of the log in its own store.
    public var rowID: Int64 {
        switch self {
        case .food(let log): log.rowID
        case .sleep(let log): log.rowID
        case .diaper(let log): log.rowID
        case .activity(let log): log.rowID
        }
    }

    /// Gives the log to another baby: the family's id of a child another phone knows by another id.
    public mutating func reassign(to baby: BabyReference) {
        switch self {
        case .food(var log): log.baby = baby; self = .food(log)
        case .sleep(var log): log.baby = baby; self = .sleep(log)
        case .diaper(var log): log.baby = baby; self = .diaper(log)
        case .activity(var log): log.baby = baby; self = .activity(log)
        }
    }
}
