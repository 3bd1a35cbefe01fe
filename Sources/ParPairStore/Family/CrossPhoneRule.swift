import Foundation
import ParPairModel

/// When a log on one phone and a log on another are the same event, logged by both parents: the rule
/// `FamilySource` applies after merging, written down in docs/two-phones.md.
///
/// Two logs of the same baby and kind, from different phones, are one event when
/// - a feed, diaper or activity: same type, starts at most `window` apart; bottles (a feed with an amount on
///   both) also within `amountTolerance` millilitres of each other (ounces converted), other units equal
///   within 10 %;
/// - a sleep: both ended, overlapping by more than half of the longer one; an open sleep: starts at most
///   `window` apart.
///
/// Of the two, the one that starts first counts; at the same instant, the one of the phone that sorts first
/// (`FamilySource` sorts phones by UDID, name and path, never by the order given). The rule is symmetric, so
/// the outcome does not depend on the order the stores are named.
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

    /// No amount on either, or amounts within the tolerance.
    static func sameAmount(_ a: FoodLog, _ b: FoodLog) -> Bool {
        switch (a.amount, b.amount) {
        case (nil, nil): return true
        case (let x?, let y?):
            if let mlA = milliliters(x, a.feedingUnit), let mlB = milliliters(y, b.feedingUnit) {
                return abs(mlA - mlB) <= amountTolerance
            }
            return a.feedingUnit == b.feedingUnit && abs(x - y) <= max(abs(x), abs(y)) * 0.1
        default: return false
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
}

/// A log counted once although both phones hold it: `kept` counts, `dropped` is listed as "logged on both phones?".
public struct CrossPhoneDuplicate: Sendable, Hashable {
    public var kept: LogRecord
    public var keptPhone: String
    public var dropped: LogRecord
    public var droppedPhone: String
}
