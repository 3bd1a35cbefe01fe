import Foundation
import ParPairAggregation
import ParPairModel
import ParPairStore

/// A backup made days before the report's today holds none of the logs since: said once on stderr, and in a
/// digest's text, so a cron digest of an old backup never reads as a quiet week.
public struct BackupAge: Sendable, Hashable {
    /// The default of `--stale-after`: a backup a week and a day old is one weekly backup missed.
    public static let defaultDays = 8

    public var device: String
    /// The backup's day, in the zone days are counted in.
    public var date: CivilDate
    /// Days from the backup's day to the report's today.
    public var days: Int

    /// One line for stderr.
    public var warning: String {
        "the backup of \(device) is from \(date), \(days) days before the report's today: anything logged since is missing; make a "
            + "new backup of the phone (or raise --stale-after)"
    }

    /// The backups at least `days` days older than the report's today. The jobs tell each `warning` once, after
    /// the output is delivered (a run refused for another reason says only why).
    public static func stale(_ origins: [BackupOrigin], options: AggregationOptions, days limit: Int) -> [BackupAge] {
        let calendar = LifeCalendar(timeZone: options.timeZone)
        var stale: [BackupAge] = []
        for origin in origins {
            guard let made = origin.date else { continue }
            let day = calendar.civilDate(of: made)
            let days = LifeCalendar.dayOfLife(options.today, bornOn: day)
            guard days >= limit else { continue }
            stale.append(BackupAge(device: origin.deviceName, date: day, days: days))
        }
        return stale
    }
}
