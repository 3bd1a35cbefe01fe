import Foundation
import ParPairModel

/// When logs on several phones are the same event, logged by more than one parent: the rule `CopyMatcher` applies
/// while the phones' streams are merged, written down in docs/two-phones.md.
///
/// Two logs of the same baby and kind, from different phones, are the same event when
/// - a feed, diaper or activity: same type, starts at most `window` apart; two feeds with an amount on both also
///   within `amountTolerance` millilitres of each other (ounces converted; other units equal within 10 %); a feed
///   with no amount matches one with an amount or none;
/// - a sleep: both ended, overlapping by more than half of the longer one; an open sleep: starts at most
///   `window` apart.
///
/// Logs of different phones that match pairwise are one event, counted once: the earliest (at the same instant, the
/// one of the phone that sorts first by identity); of feeds, the earliest with an amount. A log joins at most one
/// event, and an event holds at most one log of each phone, so the outcome depends neither on the order the phones
/// were named nor on how many there are.
public enum CrossPhoneRule {
    /// How far apart two starts may be and still be the same feed, diaper or activity: 5 minutes.
    public static let window: TimeInterval = 5 * 60
    /// How far apart two bottles may be and still be the same feed: 15 ml (about half an ounce).
    public static let amountTolerance = 15.0

    /// True when `later` (from another phone, starting no earlier than `earlier`) is the same event.
    public static func sameEvent(_ earlier: LogRecord, _ later: LogRecord) -> Bool {
        guard earlier.kind == later.kind, let baby = earlier.baby.babyID, baby == later.baby.babyID else { return false }
        let gap = later.start.timeIntervalSince(earlier.start)
        guard gap.isFinite, gap >= 0 else { return false }
        switch (earlier, later) {
        case (.sleep(let a), .sleep(let b)):
            guard let endA = a.endTime, let endB = b.endTime else {
                return a.endTime == nil && b.endTime == nil && gap <= window
            }
            let lengthA = endA.timeIntervalSince(a.startTime)
            let lengthB = endB.timeIntervalSince(b.startTime)
            guard lengthA > 0, lengthB > 0 else { return gap <= window }
            let overlap = min(endA, endB).timeIntervalSince(max(a.startTime, b.startTime))
            return overlap > max(lengthA, lengthB) / 2
        case (.food(let a), .food(let b)):
            guard gap <= window, a.type == b.type else { return false }
            return sameAmount(a, b)
        case (.diaper(let a), .diaper(let b)):
            return gap <= window && a.type == b.type
        case (.activity(let a), .activity(let b)):
            return gap <= window && a.type == b.type
        default:
            return false
        }
    }

    /// No amount on one of them, or amounts within the tolerance.
    static func sameAmount(_ a: FoodLog, _ b: FoodLog) -> Bool {
        switch (a.amount, b.amount) {
        case (nil, _), (_, nil): return true
        case (let x?, let y?):
            if let mlA = milliliters(x, a.feedingUnit), let mlB = milliliters(y, b.feedingUnit) {
                return abs(mlA - mlB) <= amountTolerance
            }
            return a.feedingUnit == b.feedingUnit && abs(x - y) <= max(abs(x), abs(y)) * 0.1
        }
    }

    static func milliliters(_ amount: Double, _ unit: FeedingUnit?) -> Double? {
        guard amount.isFinite else { return nil }
        switch unit {
        case .milliliters?: return amount
        case .ounces?: return amount * FeedingUnit.millilitersPerOunce
        default: return nil
        }
    }

    /// Seconds since 2001, with a time that is not a number first (as the merged streams order it).
    static func time(_ date: Date) -> Double {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isNaN ? -.infinity : seconds
    }

    /// The end of `record` as `time` orders it, `start` (its start as `time` gives it) when it has no end.
    static func end(of record: LogRecord, start: Double) -> Double {
        record.end.map { time($0) } ?? start
    }
}
