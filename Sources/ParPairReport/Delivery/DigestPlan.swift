import Foundation
import ParPairAggregation
import ParPairModel

/// Which babies get a digest of which week in one run, decided from birthdays and today alone
/// (before any log is read).
///
/// A baby's day of life today is `today - local birth date` in the run's time zone, counted the
/// app's way (calendar days, so a 23- or 25-hour day is one day). Week k (days 7k … 7k+6) is complete
/// when 7k+6 < today: today never counts as done.
///
/// ```swift
/// let plan = DigestPlan(babies: reader.babies, options: options, choice: .latestComplete, redact: false)
/// plan.targets   // one per baby with a complete week
/// plan.skips     // the others, each with a message
/// ```
public struct DigestPlan: Sendable {
    /// The babies that get a digest, in the order given.
    public var targets: [DigestTarget]
    /// The babies that do not, in the order given.
    public var skips: [DigestSkip]

    /// Plans a run.
    /// - Parameters:
    ///   - babies: the babies to consider, in the order the aggregation will get them.
    ///   - options: the time zone and today (the week selection is ignored).
    ///   - choice: each baby's latest complete week, or `--week N`.
    ///   - redact: show initials, and name folders `baby-<id>`.
    public init(babies: [Baby], options: AggregationOptions, choice: DigestWeekChoice, redact: Bool) {
        let calendar = LifeCalendar(timeZone: options.timeZone)
        let slugs = BabySlug.assign(babies, redact: redact)
        var targets: [DigestTarget] = []
        var skips: [DigestSkip] = []
        for (index, baby) in babies.enumerated() {
            let birthDate = calendar.civilDate(of: baby.birthday)
            let today = LifeCalendar.dayOfLife(options.today, bornOn: birthDate)
            let name = BabyName.shown(baby.name, redact: redact)
            func skip(_ reason: DigestSkip.Reason) {
                skips.append(DigestSkip(baby: baby, name: name, birthDate: birthDate, today: options.today, reason: reason))
            }
            let week: Int
            switch choice {
            case .latestComplete:
                guard today >= 0 else { skip(.notBorn); continue }
                guard let latest = DigestWeekChoice.latestCompleteWeek(dayOfLifeToday: today) else {
                    skip(.firstWeekNotComplete)
                    continue
                }
                week = latest
            case .week(let wanted):
                guard today >= 0 else { skip(.notBorn); continue }
                guard DigestWeekChoice.isComplete(week: wanted, dayOfLifeToday: today) else {
                    skip(wanted == 0 ? .firstWeekNotComplete : .weekNotComplete(wanted))
                    continue
                }
                week = wanted
            }
            targets.append(DigestTarget(
                baby: baby, index: index, name: name, slug: slugs[index], birthDate: birthDate,
                ageToday: Age(days: today), week: week))
        }
        var bases: [String: Int] = [:]
        for target in targets { bases[target.attachmentBase(redact: redact), default: 0] += 1 }
        for index in targets.indices where bases[targets[index].attachmentBase(redact: redact), default: 0] > 1 {
            targets[index].sharesAttachmentName = true
        }
        self.targets = targets
        self.skips = skips
    }

    /// The weeks the aggregation must cover: from the week before the earliest digest week to the
    /// latest digest week (each baby's selection is cut at its own today). Nil when no baby gets a digest.
    public var weekSelection: WeekSelection? {
        guard let low = targets.map(\.week).min(), let high = targets.map(\.week).max() else { return nil }
        return .weeks(max(0, low - 1)...high)
    }
}
