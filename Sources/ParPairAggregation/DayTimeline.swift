import ParPairModel

/// What happened when in one day, for the 24-hour pattern chart and the 14-day table.
///
/// Times are minutes after the day's start on the local clock: 0 is the day start (`--day-start`) on
/// `date`, 1440 the same clock time a day later. On a daylight-saving day the clock jumps, so a 23-hour
/// day leaves a gap and a 25-hour day repeats an hour. Day 0 starts at midnight of the birth date, so
/// with a later day start its minutes may be negative (down to minus the day start).
public struct DayTimeline: Sendable, Hashable {
    /// A sleep stretch clipped to the day, `start` < `end`; overlapping sessions appear merged.
    public struct Sleep: Sendable, Hashable {
        /// Minutes after the day start when the stretch begins.
        public var start: Int
        /// Minutes after the day start when it ends (at most 1440).
        public var end: Int
        public init(start: Int, end: Int) {
            self.start = start
            self.end = end
        }
    }

    /// A feed's start and type.
    public struct Feed: Sendable, Hashable {
        /// Minutes after the day start.
        public var minute: Int
        /// What was fed.
        public var type: FoodType
        public init(minute: Int, type: FoodType) {
            self.minute = minute
            self.type = type
        }
    }

    /// A diaper's time and type.
    public struct Diaper: Sendable, Hashable {
        /// Minutes after the day start.
        public var minute: Int
        /// What the diaper held.
        public var type: DiaperType
        public init(minute: Int, type: DiaperType) {
            self.minute = minute
            self.type = type
        }
    }

    /// The day of life.
    public var day: Int
    /// The local date on which the day starts.
    public var date: CivilDate
    /// The clock time minute 0 stands for.
    public var dayStart: ClockTime
    /// Sleep stretches, by start.
    public var sleeps: [Sleep]
    /// Feeds, by start.
    public var feeds: [Feed]
    /// Diapers, by time.
    public var diapers: [Diaper]

    public init(day: Int, date: CivilDate, dayStart: ClockTime, sleeps: [Sleep] = [], feeds: [Feed] = [], diapers: [Diaper] = []) {
        self.day = day
        self.date = date
        self.dayStart = dayStart
        self.sleeps = sleeps
        self.feeds = feeds
        self.diapers = diapers
    }
}
