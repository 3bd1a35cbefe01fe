import Foundation
import ParPairModel

/// A baby that gets no digest in this run, and why: a message for people, printed and mailed.
public struct DigestSkip: Sendable, Hashable {
    /// Why there is no digest.
    public enum Reason: Sendable, Hashable {
        /// Born after the run's today.
        case notBorn
        /// Younger than a week: week 0 is not over yet.
        case firstWeekNotComplete
        /// `--week N` asked for a week that has not ended (or not begun) by today.
        case weekNotComplete(Int)
    }

    /// The baby as read from the store.
    public var baby: Baby
    /// The name shown: as recorded, or initials with `--redact`.
    public var name: String
    /// The local date of birth.
    public var birthDate: CivilDate
    /// The run's today.
    public var today: CivilDate
    /// Why.
    public var reason: Reason

    public init(baby: Baby, name: String, birthDate: CivilDate, today: CivilDate, reason: Reason) {
        self.baby = baby
        self.name = name
        self.birthDate = birthDate
        self.today = today
        self.reason = reason
    }

    /// The first day a digest of the relevant week can be made: the day after the week's last day.
    public var dueDate: CivilDate {
        switch reason {
        case .notBorn, .firstWeekNotComplete: birthDate.adding(days: 7)
        case .weekNotComplete(let week): birthDate.adding(days: 7 * week + 7)
        }
    }

    /// One sentence, e.g. `no digest for Mia yet: born 2026-08-23, 2 days old on 2026-08-25; week 0
    /// (days 0-6 of life) ends 2026-08-29, so the first digest can be made on 2026-08-30`.
    public var message: String { message(.english) }

    /// The sentence in the localizer's language, with its dates.
    public func message(_ localizer: Localizer) -> String {
        let date = localizer.date
        switch reason {
        case .notBorn:
            return localizer.text("skip_not_born", ["name": name, "birthday": date(birthDate), "today": date(today)])
        case .firstWeekNotComplete:
            let days = LifeCalendar.dayOfLife(today, bornOn: birthDate)
            let age = days == 1 ? localizer.text("skip_one_day_old") : localizer.text("skip_days_old", ["days": "\(days)"])
            return localizer.text("skip_first_week", [
                "name": name, "birthday": date(birthDate), "age": age, "today": date(today),
                "week_end": date(birthDate.adding(days: 6)), "due": date(dueDate),
            ])
        case .weekNotComplete(let week):
            return localizer.text("skip_week_not_complete", [
                "name": name, "week": "\(week)", "start": date(birthDate.adding(days: 7 * week)),
                "end": date(birthDate.adding(days: 7 * week + 6)), "first_day": "\(7 * week)", "last_day": "\(7 * week + 6)",
                "today": date(today), "due": date(dueDate),
            ])
        }
    }
}
