import Foundation
import ParPairModel

extension BabyAccumulator {
    /// Folds in an admitted feed: counted by type on the day it starts; breastfeeding seconds from valid
    /// ends, bottle volumes converted to ml, solids in grams; gaps between consecutive starts.
    mutating func add(_ log: FoodLog, start: Double, placement: Placement) {
        let site = LogSite(kind: .food, id: log.id, rowID: log.rowID, time: start, placement: placement, phone: phone)
        checkAmountAndUnit(log, about: site)
        let end = EndCheck(end: log.endTime, start: start)
        let quantity = counted(log, end: end, about: site)
        if case .breastfeeding = log.type {} else { checkPlainEnd(end, about: site) }
        let opens = opensFeeding(start: start, end: end)
        guard case .week(let slot, _, let day) = placement else {
            if opens {
                lastFeedLifeDay = -1
                lastFeedStart = start
            }
            return
        }
        countFeed(log.type, quantity, opensFeeding: opens, start: start, slot: slot, day: day)
        addTimelineFeed(log.type, time: start, slot: slot, day: day)
    }

    /// Whether a feed starting at `start` opens a new feeding: it joins the current one when it starts within
    /// `sessionGap` of that feeding's latest end. A feed's end counts when it is valid and within 4 hours (a
    /// longer one is a finding, and must not swallow the feeds after it); otherwise its start stands for it.
    @inline(__always)
    mutating func opensFeeding(start: Double, end: EndCheck) -> Bool {
        var last = start
        if case .valid(let duration) = end, duration <= 4 * 3600 { last = start + duration }
        let joins = start - feedingEnd <= sessionGap
        feedingEnd = joins ? max(feedingEnd, last) : last
        return !joins
    }

    /// Lists an amount that is not a number of zero or more, and notes a unit this tool does not know.
    @inline(__always)
    private mutating func checkAmountAndUnit(_ log: FoodLog, about site: LogSite) {
        if let amount = log.amount, !amount.isFinite || amount < 0 {
            report(.badAmount, FindingMessage("finding_bad_amount", [
                "feed": FindingMessage.feed(log.type), "amount": .number(Self.amountText(amount)),
            ]), about: site)
        }
        if case .other(let text) = log.feedingUnit {
            noteUnknown(field: "unit", text: text, of: site)
        }
    }

    /// What a feed adds to its type's total: breastfeeding seconds, bottle ml or solids grams; 0 (with a
    /// finding where one applies) when that part cannot count, nil for a bottle whose amount does not count.
    /// Notes breastfeeding sessions and unknown types.
    @inline(__always)
    private mutating func counted(_ log: FoodLog, end: EndCheck, about site: LogSite) -> Double? {
        switch log.type {
        case .breastfeeding:
            return breastfeedingSeconds(end, about: site)
        case .formula, .pumpedMilk:
            return liquidMilliliters(log, about: site)
        case .solids:
            return solidsGrams(log, about: site)
        case .other(let text):
            noteUnknown(field: "feed type", text: text, of: site)
            return 0
        }
    }

    /// The seconds of a breastfeed that count: its duration when it has a valid end within 4 hours.
    private mutating func breastfeedingSeconds(_ end: EndCheck, about site: LogSite) -> Double {
        guard let duration = sessionDuration(end, of: .breastfeed, named: SessionKind.breastfeed.name, about: site) else { return 0 }
        guard duration > 4 * 3600 else { return duration }
        report(.breastfeedOver4h, FindingMessage("finding_breastfeed_over_4h", ["hours": .number(Self.hoursText(duration))]), about: site)
        return 0
    }

    /// Lists an end that is not a time or lies before the start, for feeds other than breastfeeds (whose end
    /// is checked with their duration).
    @inline(__always)
    private mutating func checkPlainEnd(_ end: EndCheck, about site: LogSite) {
        switch end {
        case .invalidTime:
            report(.badTime, FindingMessage("finding_end_invalid_plain"), about: site)
        case .beforeStart(let time):
            report(.endBeforeStart, FindingMessage("finding_end_before_start_plain", ["time": .localTime(localTime(time))]), about: site)
        case .open, .valid:
            break
        }
    }

    /// Counts a feed on its day with what it adds to its type's total; a feed that opens a feeding counts the
    /// feeding, and the gap from the feeding before.
    @inline(__always)
    private mutating func countFeed(_ type: FoodType, _ counted: Double?, opensFeeding opens: Bool, start: Double, slot: Int, day: Int) {
        let lifeDay = weeks[slot].index * 7 + day
        weeks[slot].days[day].countFeed(type, counted)
        guard opens else { return }
        weeks[slot].days[day].totals.feedings += 1
        if lastFeedLifeDay >= 0 {
            weeks[slot].days[day].noteFeedGap(start - lastFeedStart, from: lastFeedLifeDay, to: lifeDay)
        }
        lastFeedLifeDay = lifeDay
        lastFeedStart = start
    }

    /// The ml of a formula or pumped-milk feed that may enter the totals; nil (with a finding) otherwise.
    private mutating func liquidMilliliters(_ log: FoodLog, about site: LogSite) -> Double? {
        let feed = FindingMessage.feed(log.type)
        guard let amount = log.amount else {
            report(.missingAmount, FindingMessage("finding_missing_amount", ["feed": feed]), about: site)
            return nil
        }
        guard amount.isFinite, amount >= 0 else { return nil }
        let milliliters: Double
        switch log.feedingUnit {
        case nil:
            report(.liquidWithoutUnit, FindingMessage("finding_liquid_without_unit", ["feed": feed, "amount": .number(Self.amountText(amount))]),
                   about: site)
            return nil
        case .grams:
            report(.liquidInGrams, FindingMessage("finding_liquid_in_grams", ["feed": feed, "amount": .number(Self.amountText(amount))]),
                   about: site)
            return nil
        case .other:
            return nil  // listed once per value as an unknown unit
        case .milliliters:
            milliliters = amount
        case .ounces:
            milliliters = amount * FeedingUnit.millilitersPerOunce
        }
        guard milliliters <= 1000 else {
            report(.amountOver1000ml, FindingMessage("finding_amount_over_1000ml", [
                "feed": feed, "amount": .number(Self.amountText(amount)), "unit": .text(log.feedingUnit?.rawValue ?? ""),
                "ml": .number(FixedDecimal.format(milliliters, decimals: 1)),
            ]), about: site)
            return nil
        }
        return milliliters
    }

    /// The grams of a solids feed that may enter `solids_g`; no amount is normal for solids.
    private mutating func solidsGrams(_ log: FoodLog, about site: LogSite) -> Double {
        guard let amount = log.amount, amount.isFinite, amount >= 0 else { return 0 }
        switch log.feedingUnit {
        case .grams:
            return amount
        case .other:
            return 0  // listed once per value as an unknown unit
        case nil, .milliliters, .ounces:
            let unit: FindingMessage.Value = log.feedingUnit.map { .text($0.rawValue) } ?? .term("unit_none")
            report(.solidsNotInGrams, FindingMessage("finding_solids_not_in_grams", ["amount": .number(Self.amountText(amount)), "unit": unit]),
                   about: site)
            return 0
        }
    }
}
