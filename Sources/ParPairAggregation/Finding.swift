import Foundation
import ParPairModel

/// A log that is excluded from a total, or otherwise needs a parent's eye; never dropped silently.
///
/// It names the log so a parent can find it in the app: its kind, id, local time and a short reason.
public struct Finding: Sendable, Hashable {
    /// The rule that produced it (`open_sleep`, `duplicate_id`, …).
    public var rule: FindingRule
    /// The kind of log.
    public var kind: LogKind
    /// The log's `id`.
    public var logID: UUID
    /// The log's row (`Z_PK`), for messages.
    public var rowID: Int64
    /// When the log starts (a diaper: its time).
    public var time: Date
    /// `time` on the local clock in ISO 8601 with offset (`2024-06-01T14:05:00+02:00`);
    /// `invalid time` when the instant is NaN or infinite.
    public var localTime: String
    /// Why, as a message a report can say in its language.
    public var message: FindingMessage
    /// A short reason for people in English, e.g. `sleep lasts 26.50 h (over 24 h); left out of sleep time`.
    public var reason: String { message.english }
    /// Problem, or a session that is probably still running.
    public var severity: FindingSeverity
    /// The age-week the log belongs to; nil before the birthday, after today, or for an orphan.
    public var week: Int?
    /// The day of life the log belongs to (0 = day of birth); nil like `week`.
    public var day: Int?
    /// How many logs this finding stands for: more than 1 only for an unknown value, listed once.
    public var occurrences: Int
    /// The phone that holds the log (its index in the family's phones), when several phones are read.
    public var phone: Int?

    public init(
        rule: FindingRule, kind: LogKind, logID: UUID, rowID: Int64, time: Date, localTime: String,
        message: FindingMessage, severity: FindingSeverity = .problem, week: Int? = nil, day: Int? = nil,
        occurrences: Int = 1, phone: Int? = nil
    ) {
        self.phone = phone
        self.rule = rule
        self.kind = kind
        self.logID = logID
        self.rowID = rowID
        self.time = time
        self.localTime = localTime
        self.message = message
        self.severity = severity
        self.week = week
        self.day = day
        self.occurrences = occurrences
    }

    /// Orders findings by time, then kind, row and rule; NaN times come first.
    static func precedes(_ lhs: Finding, _ rhs: Finding) -> Bool {
        let left = lhs.time.timeIntervalSinceReferenceDate
        let right = rhs.time.timeIntervalSinceReferenceDate
        let l = left.isNaN ? -Double.infinity : left
        let r = right.isNaN ? -Double.infinity : right
        if l != r { return l < r }
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        if lhs.rowID != rhs.rowID { return lhs.rowID < rhs.rowID }
        return lhs.rule.rawValue < rhs.rule.rawValue
    }
}
