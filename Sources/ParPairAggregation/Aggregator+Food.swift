import Foundation
import ParPairModel

extension Aggregator {
    /// Adds a feed: counted by type on the day it starts; breastfeeding minutes from valid ends,
    /// bottle volumes converted to ml, solids in grams; gaps between consecutive starts.
    public func add(_ log: FoodLog) {
        withBaby(for: log.baby, kind: .food, id: log.id, rowID: log.rowID, time: log.startTime) { add(log, to: $0) }
    }

    private func add(_ log: FoodLog, to baby: BabyAccumulator) {
        let start = log.startTime.timeIntervalSinceReferenceDate
        guard let placement = admit(baby, kind: .food, id: log.id, rowID: log.rowID, start: start, doubleEntry: {
            $0.food.repeated(start: start, .init(type: log.type, end: log.endTime?.timeIntervalSinceReferenceDate,
                                                 amount: log.amount, unit: log.feedingUnit), id: $1, rowID: $2)
        }) else { return }

        func report(_ rule: FindingRule, _ message: FindingMessage) -> Int? {
            baby.report(rule, kind: .food, id: log.id, rowID: log.rowID, time: start, message: message, placement: placement)
        }
        var breastfeedingSeconds = 0.0
        var milliliters = 0.0
        var grams = 0.0

        if let amount = log.amount, !amount.isFinite || amount < 0 {
            _ = report(.badAmount, FindingMessage("finding_bad_amount", ["feed": FindingMessage.feed(log.type), "amount": .number(Aggregator.amountText(amount))]))
        }
        if case .other(let text) = log.feedingUnit {
            baby.noteUnknown(kind: .food, field: "unit", text: text, id: log.id, rowID: log.rowID, time: start, placement: placement)
        }
        let end = EndCheck(end: log.endTime, start: start)

        switch log.type {
        case .breastfeeding:
            baby.breastfeedSessions.noteSession(start: start)
            switch end {
            case .open:
                let listed = report(.openBreastfeed, FindingMessage("finding_no_end", ["what": .term("what_breastfeed"), "total": .term("total_breastfeeding")]))
                baby.breastfeedSessions.noteOpen(start: start, rowID: log.rowID, finding: listed)
            case .invalidTime:
                _ = report(.badTime, FindingMessage("finding_end_invalid", ["total": .term("total_breastfeeding")]))
            case .beforeStart(let time):
                _ = report(.endBeforeStart, FindingMessage("finding_end_before_start", ["time": .localTime(baby.localTime(time)), "total": .term("total_breastfeeding")]))
            case .valid(let duration):
                if duration > 4 * 3600 {
                    _ = report(.breastfeedOver4h, FindingMessage("finding_breastfeed_over_4h", ["hours": .number(Aggregator.hoursText(duration))]))
                } else {
                    breastfeedingSeconds = duration
                }
            }
        case .formula, .pumpedMilk:
            milliliters = liquidMilliliters(log, report: report)
        case .solids:
            grams = solidsGrams(log, report: report)
        case .other(let text):
            baby.noteUnknown(kind: .food, field: "feed type", text: text, id: log.id, rowID: log.rowID, time: start, placement: placement)
        }
        if case .breastfeeding = log.type {} else {
            switch end {
            case .invalidTime: _ = report(.badTime, FindingMessage("finding_end_invalid_plain"))
            case .beforeStart(let time): _ = report(.endBeforeStart, FindingMessage("finding_end_before_start_plain", ["time": .localTime(baby.localTime(time))]))
            case .open, .valid: break
            }
        }

        guard case .week(let handle, let day) = placement else {
            baby.lastFeedLifeDay = -1
            baby.lastFeedStart = start
            return
        }
        handle._withUnsafeGuaranteedRef { week in
            switch log.type {
            case .breastfeeding:
                week.days[day].breastfeeds += 1
                week.days[day].breastfeedingSeconds += breastfeedingSeconds
            case .formula:
                week.days[day].formulaFeeds += 1
                week.days[day].formulaMilliliters += milliliters
            case .pumpedMilk:
                week.days[day].pumpedMilkFeeds += 1
                week.days[day].pumpedMilkMilliliters += milliliters
            case .solids:
                week.days[day].solidsFeeds += 1
                week.days[day].solidsGrams += grams
            case .other:
                week.days[day].otherFeeds += 1
            }
            let lifeDay = week.index * 7 + day
            if baby.lastFeedLifeDay >= 0 {
                let gap = start - baby.lastFeedStart
                if baby.lastFeedLifeDay == lifeDay {
                    if gap > week.days[day].longestFeedGap { week.days[day].longestFeedGap = gap }
                } else {
                    // The day's first feed after one on an earlier day: the gap into the day, with the day it comes
                    // from, so a span of days counts it only when that day and every day between are in the span
                    // and logged.
                    week.days[day].feedGapIntoDay = gap
                    week.days[day].feedGapFromDay = Int32(clamping: baby.lastFeedLifeDay)
                }
            }
            baby.lastFeedLifeDay = lifeDay
            baby.lastFeedStart = start
            baby.addTimelineFeed(log.type, time: start, week: week, day: day)
        }
    }

    /// The ml of a formula or pumped-milk feed that may enter the totals; 0 (with a finding) otherwise.
    private func liquidMilliliters(_ log: FoodLog, report: (FindingRule, FindingMessage) -> Int?) -> Double {
        let feed = FindingMessage.feed(log.type)
        guard let amount = log.amount else {
            _ = report(.missingAmount, FindingMessage("finding_missing_amount", ["feed": feed]))
            return 0
        }
        guard amount.isFinite, amount >= 0 else { return 0 }
        let milliliters: Double
        switch log.feedingUnit {
        case nil:
            _ = report(.liquidWithoutUnit, FindingMessage("finding_liquid_without_unit", ["feed": feed, "amount": .number(Aggregator.amountText(amount))]))
            return 0
        case .grams:
            _ = report(.liquidInGrams, FindingMessage("finding_liquid_in_grams", ["feed": feed, "amount": .number(Aggregator.amountText(amount))]))
            return 0
        case .other:
            return 0  // listed once per value as an unknown unit
        case .milliliters:
            milliliters = amount
        case .ounces:
            milliliters = amount * FeedingUnit.millilitersPerOunce
        }
        guard milliliters <= 1000 else {
            _ = report(.amountOver1000ml, FindingMessage("finding_amount_over_1000ml", [
                "feed": feed, "amount": .number(Aggregator.amountText(amount)), "unit": .text(log.feedingUnit?.rawValue ?? ""),
                "ml": .number(FixedDecimal.format(milliliters, decimals: 1)),
            ]))
            return 0
        }
        return milliliters
    }

    /// `formula`, `pumped milk`, `feed` (unknown types): made only when a finding needs it.
    static func feedName(_ type: FoodType) -> String {
        type.isUnknown ? "feed" : type.rawValue.lowercased()
    }

    /// The grams of a solids feed that may enter `solids_g`; no amount is normal for solids.
    private func solidsGrams(_ log: FoodLog, report: (FindingRule, FindingMessage) -> Int?) -> Double {
        guard let amount = log.amount, amount.isFinite, amount >= 0 else { return 0 }
        switch log.feedingUnit {
        case .grams:
            return amount
        case .other:
            return 0  // listed once per value as an unknown unit
        case nil, .milliliters, .ounces:
            let unit: FindingMessage.Value = log.feedingUnit.map { .text($0.rawValue) } ?? .term("unit_none")
            _ = report(.solidsNotInGrams, FindingMessage("finding_solids_not_in_grams", ["amount": .number(Aggregator.amountText(amount)), "unit": unit]))
            return 0
        }
    }
}
