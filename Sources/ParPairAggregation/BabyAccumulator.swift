import Foundation
import ParPairModel

/// One baby's running state: the weeks that have logs, the feed and sleep streams, and the findings.
///
/// Days are placed by instants computed once per week (`WeekAccumulator`); the week of the previous
/// row is kept as a cursor, so sorted input finds its week with two comparisons and no calendar call.
///
/// A value kept in its aggregation's `StoreAccumulator.babies` and changed there in place
/// (`babies[position].add…`), never copied out while logs are added: its weeks are values in `weeks`,
/// addressed by slot, so a log's fold takes no reference and no exclusivity check of its own.
struct BabyAccumulator {
    let baby: Baby
    let calendar: LifeCalendar
    let timeZone: TimeZone
    let night: ClockRange
    let dayStart: ClockTime
    /// The local date of birth; day of life n starts on `birthDate + n`.
    let birthDate: CivilDate
    /// The day of life of the report's today (negative when the baby is born after it).
    let todayIndex: Int
    let plan: PlannedWeeks
    /// Day 0 starts at the birth date's day start, or at the birth when that is earlier; every later day
    /// starts at the day start. One rule for every output, the events export included.
    let rangeStart: Double
    /// The birth itself: a log before it (on the birth date too) is a finding and counts nowhere.
    let birthInstant: Double
    /// The end of today's report day; logs from here on are after today.
    let rangeEnd: Double
    /// Whether today's report day has not ended by the clock (`AggregationOptions.now`).
    let todayInProgress: Bool
    /// The clock's time, in seconds since 2001.
    let now: Double
    /// The report's today (`--today`).
    let todayDate: CivilDate
    /// The corrected age from `--due-date` / `--born-at` (nil without one, or for a term outside 22–44 weeks,
    /// which the caller refuses first).
    let correction: AgeCorrection?
    /// `AggregationOptions.fewerPhonesFrom` in seconds; infinity for one phone.
    let fewerPhonesFrom: Double
    /// How many days, up to today, the 24-hour timeline keeps (`AggregationOptions.timelineDays`).
    let timelineDays: Int
    /// Logs entered twice under two ids.
    var doubleEntries = DoubleEntryTracker()
    /// The end of the span in which a log's date is plausible: 20 years of life (weeks up to
    /// `WeekSelection.maximumWeek`). A later log is a finding, so one absurd date cannot make a report of
    /// thousands of weeks.
    let plausibleEnd: Double
    /// The instants of the selected weeks (for `.all`, the whole range).
    let selectionStart: Double
    let selectionEnd: Double
    /// Day 0 at the day start, to estimate a day from an instant before the exact search.
    private let estimateOrigin: Double

    /// The weeks made so far, in the order they were made; a `Placement` names one by its slot here.
    var weeks: [WeekAccumulator] = []
    /// The slot in `weeks` of each week made, by week index.
    private var slots: [Int: Int] = [:]
    /// The slot of the week the previous row landed in; -1 before the first.
    private var cursor = -1
    /// `dayStartInstant(7 · week)` by week: each week's start is asked for while looking for a week,
    /// and again as the end of the week before (a calendar computation each time otherwise).
    private var weekStarts: [Int: Double] = [:]

    /// Days of the first and last counted logs (drive `WeekSelection.all`).
    private(set) var firstLoggedDay = Int.max
    private(set) var lastLoggedDay = Int.min

    /// The start of the current feeding, for gaps between consecutive feedings.
    var lastFeedStart = 0.0
    /// The day of life of the current feeding when it was placed in a week; negative when none (or it was outside the weeks).
    var lastFeedLifeDay = -1
    /// The latest end (or start, without a valid end) of the current feeding's feeds; a feed starting within
    /// `sessionGap` of it joins the feeding.
    var feedingEnd = -Double.infinity
    /// `AggregationOptions.sessionGap` in seconds.
    let sessionGap: Double

    /// The latest start of a log that counts (`BabyAggregate.lastLogTime`).
    var lastCountedStart = -Double.infinity
    /// The latest start seen per order-sensitive table, to reject unsorted input.
    var lastFoodStart = -Double.infinity
    var lastSleepStart = -Double.infinity

    var sleepRun: SleepRun?
    /// Where on the local clock the counted sleep lies.
    var sleepClock = SleepClock()
    /// Sleeps, breastfeeds and activities, by `SessionKind.rawValue`: which open one may be in progress.
    var sessions = [SessionTracker](repeating: SessionTracker(), count: SessionKind.allCases.count)

    var findings: [Finding] = []
    var findingsOutsideSelection = 0
    /// The phone of the log being added, when several phones are read (its findings name it).
    var phone: Int?
    /// Other phones' copies of counted logs, by the day of life they start on (in the selected weeks, up to today).
    var copiesByDay: [Int: Int] = [:]
    var unknownValues: [UnknownValueTally.Key: UnknownValueTally] = [:]

    /// Timeline items of the last days of the selection, by day of life.
    var timeline = TimelineWindow()
    /// Days before this one keep no timeline; it rises with the last logged day for `.all`.
    private(set) var timelineFloor: Int
    /// The last day that can be in the selection's timeline when the selection is fixed.
    private let timelineEnd: Int?

    /// Day-start instants by date, shared with the other babies.
    private let dayStarts: DayStarts

    init(baby: Baby, options: AggregationOptions, calendar: LifeCalendar, dayStarts: DayStarts) {
        self.baby = baby
        self.calendar = calendar
        self.dayStarts = dayStarts
        timeZone = options.timeZone
        night = options.night
        dayStart = options.dayStart
        birthDate = calendar.civilDate(of: baby.birthday)
        todayIndex = LifeCalendar.dayOfLife(options.today, bornOn: birthDate)
        todayDate = options.today
        timelineDays = max(1, options.timelineDays)
        fewerPhonesFrom = options.fewerPhonesFrom.map { $0.timeIntervalSinceReferenceDate }.flatMap { $0.isNaN ? nil : $0 } ?? .infinity
        sessionGap = Double(options.sessionGapMinutes * 60)
        let born = birthDate
        correction = options.term(for: baby).flatMap { AgeCorrection(birthDate: born, term: $0) }
        // Day n is [birth date + n at the day start, the next); day 0 begins at the birth itself when the birth
        // comes before the birth date's day start (born 01:00 with days from 02:00: day 0 is 25 hours).
        // Each day start is a calendar computation through Foundation, asked of the shared `dayStarts` (the same
        // `calendar.instant(on:minutes:)`), so a date is computed once for all the babies.
        assert(dayStarts.minutes == options.dayStart.minutes, "the day starts are for another --day-start")
        let birthDayStart = dayStarts.instant(on: born)
        rangeStart = min(baby.birthday.timeIntervalSinceReferenceDate, birthDayStart)
        birthInstant = baby.birthday.timeIntervalSinceReferenceDate
        estimateOrigin = birthDayStart
        let todayWeek = todayIndex >= 0 ? todayIndex / 7 : -1
        plan = options.weeks.plan(todayWeek: todayWeek, birthDate: born)

        func dayStartInstant(_ day: Int) -> Double {
            dayStarts.instant(on: born.adding(days: day))
        }
        rangeEnd = todayIndex >= 0 ? max(rangeStart, dayStartInstant(todayIndex + 1)) : -.infinity
        plausibleEnd = dayStartInstant((WeekSelection.maximumWeek + 1) * 7)
        now = options.now.timeIntervalSinceReferenceDate
        todayInProgress = todayIndex >= 0 && now < rangeEnd

        switch plan {
        case .fromLogs:
            selectionStart = rangeStart
            selectionEnd = rangeEnd
            timelineFloor = Int.min
            timelineEnd = nil
        case .fixed(let range):
            selectionStart = range.lowerBound == 0 ? rangeStart : dayStartInstant(range.lowerBound * 7)
            selectionEnd = (range.upperBound + 1) * 7 > todayIndex ? rangeEnd : dayStartInstant((range.upperBound + 1) * 7)
            let end = min(range.upperBound * 7 + 6, todayIndex)
            timelineEnd = end
            timelineFloor = max(range.lowerBound * 7, end - (timelineDays - 1))
        case .empty:
            selectionStart = .infinity
            selectionEnd = -.infinity
            timelineFloor = Int.max
            timelineEnd = nil
        }
    }

    // MARK: Days and weeks

    /// Whether the day of birth began at the birth (born after the birth date's day start), so it is not a whole day.
    var birthIsPartial: Bool { birthInstant > estimateOrigin }

    /// The instant day of life `day` begins (day 0: midnight of the birth date).
    func dayStartInstant(_ day: Int) -> Double {
        day == 0 ? rangeStart : dayStarts.instant(on: birthDate.adding(days: day))
    }

    /// The instant week `index` begins: `dayStartInstant(index * 7)`, computed once.
    mutating func weekStartInstant(_ index: Int) -> Double {
        if let start = weekStarts[index] { return start }
        let start = dayStartInstant(index * 7)
        weekStarts[index] = start
        return start
    }

    /// True when week `index` may hold totals: in the fixed range, or any week up to today for `.all`.
    func isSelected(week index: Int) -> Bool {
        switch plan {
        case .fromLogs: index >= 0 && index * 7 <= todayIndex
        case .fixed(let range): range.contains(index)
        case .empty: false
        }
    }

    /// Week `index` once all logs are in; nil when no log or sleep time landed in it.
    func week(_ index: Int) -> WeekAccumulator? {
        slots[index].map { weeks[$0] }
    }

    /// The slot in `weeks` of week `index`, made on first use; nil when it is not selected.
    mutating func slot(ofWeek index: Int) -> Int? {
        if let slot = slots[index] { return slot }
        guard isSelected(week: index) else { return nil }
        var boundaries = [Double](repeating: 0, count: 8)
        boundaries[0] = weekStartInstant(index)
        for day in 1...6 { boundaries[day] = dayStartInstant(index * 7 + day) }
        boundaries[7] = weekStartInstant(index + 1)
        for day in 1...7 where boundaries[day] < boundaries[day - 1] { boundaries[day] = boundaries[day - 1] }
        weeks.append(WeekAccumulator(index: index, boundaries: boundaries, timeZone: timeZone, night: night))
        slots[index] = weeks.count - 1
        return weeks.count - 1
    }

    /// The index of the week holding an instant in `rangeStart ..< rangeEnd`: estimated from elapsed
    /// time, corrected against real boundaries, with a binary search as the last resort.
    mutating func weekIndex(containing time: Double) -> Int {
        let lastWeek = max(0, todayIndex / 7)
        let estimate = ((time - estimateOrigin) / 86_400).rounded(.down)
        var index = Int(max(0, min(Double(max(todayIndex, 0)), estimate))) / 7
        for _ in 0..<3 {
            if time < weekStart(index) {
                guard index > 0 else { return 0 }
                index -= 1
            } else if index < lastWeek, time >= weekStart(index + 1) {
                index += 1
            } else {
                return index
            }
        }
        var low = 0
        var high = lastWeek
        while low < high {
            let middle = low + (high - low + 1) / 2
            if weekStart(middle) <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The start of week `index`: its first boundary when it is made, else `weekStartInstant(index)`.
    private mutating func weekStart(_ index: Int) -> Double {
        if let slot = slots[index] { return weeks[slot].start }
        return weekStartInstant(index)
    }

    /// The slot of the week holding an instant in `rangeStart ..< rangeEnd`: the cursor's when it holds
    /// it, else the selected week found (and made) for it; nil when that week is not selected.
    @inline(__always)
    private mutating func slot(containing time: Double) -> Int? {
        if cursor >= 0, time >= weeks[cursor].start, time < weeks[cursor].end { return cursor }
        return slot(ofWeek: weekIndex(containing: time))
    }

    /// The selected week and day of an instant already known to lie in `rangeStart ..< rangeEnd`;
    /// `.unselected` when its week is not selected. The week found becomes the cursor.
    @inline(__always)
    mutating func locate(_ time: Double) -> Placement {
        if cursor >= 0, time >= weeks[cursor].start, time < weeks[cursor].end {
            return .week(slot: cursor, week: weeks[cursor].index, day: weeks[cursor].dayIndex(of: time))
        }
        guard time >= selectionStart, time < selectionEnd, let slot = slot(ofWeek: weekIndex(containing: time)) else {
            return .unselected
        }
        cursor = slot
        return .week(slot: slot, week: weeks[slot].index, day: weeks[slot].dayIndex(of: time))
    }

    /// Marks a counted log's day as logged and follows the first and last logged days.
    @inline(__always)
    mutating func count(slot: Int, day: Int) {
        weeks[slot].days[day].logged = true
        guard case .fromLogs = plan else { return }
        let lifeDay = weeks[slot].index * 7 + day
        if lifeDay < firstLoggedDay { firstLoggedDay = lifeDay }
        if lifeDay > lastLoggedDay {
            lastLoggedDay = lifeDay
            if lifeDay - (timelineDays - 1) > timelineFloor {
                timelineFloor = lifeDay - (timelineDays - 1)
                timeline.drop(below: timelineFloor)
            }
        }
    }

    // MARK: Findings

    /// Lists a finding about a log (or counts it when its week is not selected); returns its index when listed.
    @discardableResult
    mutating func report(_ rule: FindingRule, _ message: FindingMessage, about log: LogSite) -> Int? {
        report(rule, kind: log.kind, id: log.id, rowID: log.rowID, time: log.time, message: message, placement: log.placement,
               phone: log.phone)
    }

    /// Lists a finding (or counts it when its week is not selected); returns its index when listed.
    @discardableResult
    mutating func report(
        _ rule: FindingRule, kind: LogKind, id: UUID, rowID: Int64, time: Double, message: FindingMessage,
        placement: Placement, phone: Int? = nil
    ) -> Int? {
        if case .unselected = placement {
            findingsOutsideSelection += 1
            return nil
        }
        let place = placement.weekAndLifeDay
        findings.append(Finding(
            rule: rule, kind: kind, logID: id, rowID: rowID, time: Date(timeIntervalSinceReferenceDate: time),
            localTime: "", message: message, week: place?.week, day: place?.lifeDay, phone: phone ?? self.phone))
        return findings.count - 1
    }

    /// Counts an unknown raw value of a log in a selected week; listed once per value at the end.
    mutating func noteUnknown(field: String, text: String, of log: LogSite) {
        guard let (week, day) = log.placement.weekAndLifeDay else { return }
        let key = UnknownValueTally.Key(kind: log.kind, field: field, text: text)
        if var tally = unknownValues[key] {
            tally.occurrences += 1
            if (log.time, log.rowID) < (tally.firstTime, tally.firstRowID) {
                tally.firstTime = log.time
                tally.firstRowID = log.rowID
                tally.firstID = log.id
                tally.week = week
                tally.day = day
            }
            unknownValues[key] = tally
        } else {
            unknownValues[key] = UnknownValueTally(
                firstTime: log.time, firstRowID: log.rowID, firstID: log.id, week: week, day: day,
                occurrences: 1)
        }
    }

    /// The local time of an instant for a reason text.
    func localTime(_ time: Double) -> String {
        time.isFinite ? calendar.iso8601(Date(timeIntervalSinceReferenceDate: time)) : "invalid time"
    }

    /// `4`, `4.5`, `120.25`: an amount as the parent typed it, for reasons.
    static func amountText(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-infinity" : "infinity") }
        var text = FixedDecimal.format(value, decimals: 2)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `4.25`: a duration in hours, for reasons.
    static func hoursText(_ seconds: Double) -> String { FixedDecimal.format(seconds / 3600, decimals: 2) }

    // MARK: Timeline

    /// Local seconds (since 2001 on the local clock) at which day of life `day` nominally starts.
    @inline(__always)
    func localDayBase(_ day: Int) -> Double {
        Double(birthDate.dayNumber + day - 11_323) * 86_400 + Double(dayStart.minutes * 60)
    }

    @inline(__always)
    func keepsTimeline(_ lifeDay: Int) -> Bool {
        lifeDay >= timelineFloor && (timelineEnd.map { lifeDay <= $0 } ?? true)
    }

    /// The minute on the day's axis of an instant inside the week in `slot`.
    @inline(__always)
    func timelineMinute(_ time: Double, slot: Int, lifeDay: Int) -> Int {
        Int(((time + weeks[slot].offset(at: time) - localDayBase(lifeDay)) / 60).rounded(.down))
    }

    @inline(__always)
    mutating func addTimelineFeed(_ type: FoodType, time: Double, slot: Int, day: Int) {
        let lifeDay = weeks[slot].index * 7 + day
        guard keepsTimeline(lifeDay) else { return }
        let feed = DayTimeline.Feed(minute: timelineMinute(time, slot: slot, lifeDay: lifeDay), type: type)
        timeline.modify(lifeDay) { $0.feeds.append(feed) }
    }

    @inline(__always)
    mutating func addTimelineDiaper(_ type: DiaperType, time: Double, rowID: Int64, slot: Int, day: Int) {
        let lifeDay = weeks[slot].index * 7 + day
        guard keepsTimeline(lifeDay) else { return }
        let diaper = DayTimeline.Diaper(minute: timelineMinute(time, slot: slot, lifeDay: lifeDay), type: type)
        timeline.modify(lifeDay) { $0.diapers.append(TimelineDay.TimedDiaper(diaper: diaper, time: time, rowID: rowID)) }
    }

    /// Adds sleep `from ..< to` (inside one day of the week in `slot`), split where the UTC offset changes.
    mutating func addTimelineSleep(from: Double, to: Double, slot: Int, day: Int) {
        let lifeDay = weeks[slot].index * 7 + day
        guard keepsTimeline(lifeDay) else { return }
        let base = localDayBase(lifeDay)
        let segments = weeks[slot].segments
        for (position, segment) in segments.enumerated() {
            let segmentEnd = position + 1 < segments.count ? segments[position + 1].start : weeks[slot].end
            let pieceStart = max(from, segment.start)
            let pieceEnd = min(to, segmentEnd)
            guard pieceEnd > pieceStart else { continue }
            let startMinute = (pieceStart + segment.offset - base) / 60
            let endMinute = startMinute + (pieceEnd - pieceStart) / 60
            let start = Int(startMinute.rounded())
            let end = Int(endMinute.rounded())
            if end > start {
                timeline.modify(lifeDay) { $0.sleeps.append(DayTimeline.Sleep(start: start, end: end)) }
            }
        }
    }

    // MARK: Sleep time

    /// Spreads merged sleep over the days it covers, inside the range and the selection.
    mutating func distribute(_ run: SleepRun) {
        var from = max(run.start, rangeStart, selectionStart)
        let to = min(run.end, rangeEnd, selectionEnd)
        while from < to {
            guard let slot = slot(containing: from), weeks[slot].end > from else { return }
            for day in weeks[slot].dayIndex(of: from)..<7 {
                let dayFrom = max(from, weeks[slot].boundaries[day])
                let dayTo = min(to, weeks[slot].boundaries[day + 1])
                if dayFrom >= to { break }
                guard dayTo > dayFrom else { continue }
                weeks[slot].addSleep(from: dayFrom, to: dayTo, day: day)
                // Seconds since 2001-01-01 00:00 UTC plus the UTC offset, modulo a day: the local clock.
                let clock = (dayFrom + weeks[slot].offset(at: dayFrom)).truncatingRemainder(dividingBy: SleepClock.day)
                sleepClock.add(clock: clock < 0 ? clock + SleepClock.day : clock, duration: dayTo - dayFrom)
                addTimelineSleep(from: dayFrom, to: dayTo, slot: slot, day: day)
            }
            from = weeks[slot].end
        }
    }

    /// Distributes the sleep still open at the end of the input.
    mutating func flushSleep() {
        if let run = sleepRun { distribute(run) }
        sleepRun = nil
    }
}
