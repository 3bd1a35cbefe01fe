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
        checkAmountAndUnit(log, of: baby, start: start, placement: placement, report: report)
        let end = EndCheck(end: log.endTime, start: start)
        let quantity = counted(log, end: end, of: baby, start: start, placement: placement, report: report)
        if case .breastfeeding = log.type {} else { checkPlainEnd(end, of: baby, report: report) }

        guard case .week = placement else {
            baby.lastFeedLifeDay = -1
            baby.lastFeedStart = start
            return
        }
        placement.inWeek { week, day in
            add(log.type, quantity, start: start, to: week, day: day, of: baby)
            baby.addTimelineFeed(log.type, time: start, week: week, day: day)
        }
    }

    /// Lists an amount that is not a number of zero or more, and notes a unit this tool does not know.
    private func checkAmountAndUnit(
        _ log: FoodLog, of baby: BabyAccumulator, start: Double, placement: Placement, report: (FindingRule, FindingMessage) -> Int?
    ) {
        if let amount = log.amount, !amount.isFinite || amount < 0 {
            _ = report(.badAmount, FindingMessage("finding_bad_amount", ["feed": FindingMessage.feed(log.type), "amount": .number(Aggregator.amountText(amount))]))
        }
        if case .other(let text) = log.feedingUnit {
            baby.noteUnknown(kind: .food, field: "unit", text: text, id: log.id, rowID: log.rowID, time: start, placement: placement)
        }
    }

    /// What a feed adds to its type's total: breastfeeding seconds, bottle ml or solids grams; 0 (with a
    /// finding where one applies) when that part cannot count, nil for a bottle whose amount does not count.
    /// Notes breastfeeding sessions and unknown types.
    private func counted(
        _ log: FoodLog, end: EndCheck, of baby: BabyAccumulator, start: Double, placement: Placement,
        report: (FindingRule, FindingMessage) -> Int?
    ) -> Double? {
        switch log.type {
        case .breastfeeding:
            return breastfeedingSeconds(log, end: end, of: baby, start: start, report: report)
        case .formula, .pumpedMilk:
            return liquidMilliliters(log, report: report)
        case .solids:
            return solidsGrams(log, report: report)
        case .other(let text):
            baby.noteUnknown(kind: .food, field: "feed type", text: text, id: log.id, rowID: log.rowID, time: start, placement: placement)
            return 0
        }
    }

    /// The seconds of a breastfeed that count: its duration when it has a valid end within 4 hours.
    private func breastfeedingSeconds(
        _ log: FoodLog, end: EndCheck, of baby: BabyAccumulator, start: Double, report: (FindingRule, FindingMessage) -> Int?
    ) -> Double {
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
            guard duration > 4 * 3600 else { return duration }
            _ = report(.breastfeedOver4h, FindingMessage("finding_breastfeed_over_4h", ["hours": .number(Aggregator.hoursText(duration))]))
        }
        return 0
    }

    /// Lists an end that is not a time or lies before the start, for feeds other than breastfeeds (whose end
    /// is checked with their duration).
    private func checkPlainEnd(_ end: EndCheck, of baby: BabyAccumulator, report: (FindingRule, FindingMessage) -> Int?) {
        switch end {
        case .invalidTime: _ = report(.badTime, FindingMessage("finding_end_invalid_plain"))
        case .beforeStart(let time): _ = report(.endBeforeStart, FindingMessage("finding_end_before_start_plain", ["time": .localTime(baby.localTime(time))]))
        case .open, .valid: break
        }
    }

    /// Counts a feed on its day with what it adds to its type's total, and the gap from the feed before.
    private func add(_ type: FoodType, _ counted: Double?, start: Double, to week: WeekAccumulator, day: Int, of baby: BabyAccumulator) {
        let lifeDay = week.index * 7 + day
        let previousDay = baby.lastFeedLifeDay
        let gap = start - baby.lastFeedStart
        let quantity = counted ?? 0
        let withAmount = counted == nil ? 0 : 1
        week.update(day: day) { tally in
            switch type {
            case .breastfeeding:
                tally.breastfeeds += 1
                tally.breastfeedingSeconds += quantity
            case .formula:
                tally.formulaFeeds += 1
                tally.formulaMilliliters += quantity
                tally.bottleFeedsWithAmount += withAmount
            case .pumpedMilk:
                tally.pumpedMilkFeeds += 1
                tally.pumpedMilkMilliliters += quantity
                tally.bottleFeedsWithAmount += withAmount
            case .solids:
                tally.solidsFeeds += 1
                tally.solidsGrams += quantity
            case .other:
                tally.otherFeeds += 1
            }
            guard previousDay >= 0 else { return }
            if previousDay == lifeDay {
                if gap > tally.longestFeedGap { tally.longestFeedGap = gap }
            } else {
                // The day's first feed after one on an earlier day: the gap into the day, with the day it comes
                // from, so a span of days counts it only when that day and every day between are in the span
                // and logged.
                tally.feedGapIntoDay = gap
                tally.feedGapFromDay = Int32(clamping: previousDay)
            }
        }
        baby.lastFeedLifeDay = lifeDay
        baby.lastFeedStart = start
    }

    /// The ml of a formula or pumped-milk feed that may enter the totals; nil (with a finding) otherwise.
    private func liquidMilliliters(_ log: FoodLog, report: (FindingRule, FindingMessage) -> Int?) -> Double? {
        let feed = FindingMessage.feed(log.type)
        guard let amount = log.amount else {
            _ = report(.missingAmount, FindingMessage("finding_missing_amount", ["feed": feed]))
            return nil
        }
        guard amount.isFinite, amount >= 0 else { return nil }
        let milliliters: Double
        switch log.feedingUnit {
        case nil:
            _ = report(.liquidWithoutUnit, FindingMessage("finding_liquid_without_unit", ["feed": feed, "amount": .number(Aggregator.amountText(amount))]))
            return nil
        case .grams:
            _ = report(.liquidInGrams, FindingMessage("finding_liquid_in_grams", ["feed": feed, "amount": .number(Aggregator.amountText(amount))]))
            return nil
        case .other:
            return nil  // listed once per value as an unknown unit
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
            return nil
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
