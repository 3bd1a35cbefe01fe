import Foundation

/// Any one log, for code that walks all kinds in one stream.
public enum LogRecord: Sendable, Hashable {
    case food(FoodLog)
    case sleep(SleepLog)
    case diaper(DiaperLog)
    case activity(ActivityLog)

    public var kind: LogKind {
        switch self {
        case .food: .food
        case .sleep: .sleep
        case .diaper: .diaper
        case .activity: .activity
        }
    }

    public var id: UUID {
        switch self {
        case .food(let log): log.id
        case .sleep(let log): log.id
        case .diaper(let log): log.id
        case .activity(let log): log.id
        }
    }

    /// When the log starts (a diaper: its time). Logs belong to the day in which they start.
    public var start: Date {
        switch self {
        case .food(let log): log.startTime
        case .sleep(let log): log.startTime
        case .diaper(let log): log.time
        case .activity(let log): log.startTime
        }
    }

    /// When the log ends, if it has an end.
    public var end: Date? {
        switch self {
        case .food(let log): log.endTime
        case .sleep(let log): log.endTime
        case .diaper: nil
        case .activity(let log): log.endTime
        }
    }

    public var notes: String {
        switch self {
        case .food(let log): log.notes
        case .sleep(let log): log.notes
        case .diaper(let log): log.notes
        case .activity(let log): log.notes
        }
    }

    public var baby: BabyReference {
        switch self {
        case .food(let log): log.baby
        case .sleep(let log): log.baby
        case .diaper(let log): log.baby
        case .activity(let log): log.baby
        }
    }

    /// The type's raw value as the app wrote it (`"Pumped Milk"`), or nil for a sleep.
    public var typeText: String? {
        switch self {
        case .food(let log): log.type.rawValue
        case .sleep: nil
        case .diaper(let log): log.type.rawValue
        case .activity(let log): log.type.rawValue
        }
    }
}
