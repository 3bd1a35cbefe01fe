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
    public var message: String {
        switch reason {
        case .notBorn:
            return "no digest for \(name): the birthday \(birthDate) is after \(today)"
        case .firstWeekNotComplete:
            let days = LifeCalendar.dayOfLife(today, bornOn: birthDate)
            let age = days == 1 ? "1 day old" : "\(days) days old"
            return "no digest for \(name) yet: born \(birthDate), \(age) on \(today); week 0 (days 0-6 of life) ends "
                + "\(birthDate.adding(days: 6)), so the first digest can be made on \(dueDate)"
        case .weekNotComplete(let week):
            return "no digest for \(name) of week \(week): it runs from \(birthDate.adding(days: 7 * week)) to "
                + "\(birthDate.adding(days: 7 * week + 6)) (days \(7 * week)-\(7 * week + 6) of life) and is not over on "
                + "\(today); its digest can be made from \(dueDate)"
        }
    }
}
