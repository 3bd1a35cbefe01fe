import Foundation
import ParPairModel

extension BabyAccumulator {
    /// The selected weeks once all logs are in: fixed by the options, or first to last week in which a log starts.
    var finalWeeks: ClosedRange<Int>? {
        switch plan {
        case .fixed(let range): range
        case .empty: nil
        case .fromLogs: firstLoggedDay <= lastLoggedDay ? (firstLoggedDay / 7)...(lastLoggedDay / 7) : nil
        }
    }

    /// Whether week `index` gets a row: every week the options name, and of the weeks read from the logs those in
    /// which a log starts. A week holding only the end of a sleep from the week before is no row, as the days of
    /// a holiday without logging are none: its figures would all read "not logged".
    func hasRow(week index: Int) -> Bool {
        guard case .fromLogs = plan else { return true }
        return week(index)?.days.contains(where: \.logged) ?? false
    }

    /// Turns the running state into the baby's summaries.
    mutating func summarize(units: VolumeUnits, days daySelection: DaySelection) -> BabyAggregate {
        flushSleep()
        markInProgress()
        let selected = finalWeeks
        let findings = listedFindings(in: selected)
        var weekSummaries: [WeekSummary] = []
        var daySummaries: [DaySummary] = []
        var timelines: [DayTimeline] = []
        var firstMonthDays: [DaySummary] = []
        if let selected {
            // Exact sizes: a store of years has tens of thousands of days, and an array grown by doubling
            // would carry up to as many again in spare capacity.
            let lastSelectedDay = min(selected.upperBound * 7 + 6, todayIndex)
            let firstSummarizedDay: Int
            switch daySelection {
            case .all: firstSummarizedDay = selected.lowerBound * 7
            case .last(let count): firstSummarizedDay = max(selected.lowerBound * 7, lastSelectedDay - max(0, count) + 1)
            }
            weekSummaries.reserveCapacity(selected.count)
            daySummaries.reserveCapacity(max(0, lastSelectedDay - firstSummarizedDay + 1))
            for index in selected where hasRow(week: index) {
                weekSummaries.append(summarizeWeek(
                    index, counts: findings, units: units, daysFrom: firstSummarizedDay, into: &daySummaries,
                    firstMonth: &firstMonthDays))
            }
            timelines = self.timelines(from: max(selected.lowerBound * 7, lastSelectedDay - (timelineDays - 1)), to: lastSelectedDay)
        }
        var aggregate = BabyAggregate(
            baby: baby, birthDate: birthDate, ageToday: Age(days: todayIndex), weeks: weekSummaries,
            days: daySummaries, findings: findings.listed, findingsOutsideSelection: findings.outside, timeline: timelines,
            correction: correction)
        aggregate.sleepClock = sleepClock
        aggregate.firstMonthDays = firstMonthDays
        if lastCountedStart.isFinite { aggregate.lastLogTime = Date(timeIntervalSinceReferenceDate: lastCountedStart) }
        aggregate.birthIsPartial = birthIsPartial
        if let selected {
            let days = selected.lowerBound * 7...max(selected.lowerBound * 7, min(selected.upperBound * 7 + 6, todayIndex))
            aggregate.copiesByDay = copiesByDay.filter { days.contains($0.key) }
        }
        return aggregate
    }

    /// The findings to list, in order, with their local times: those in the selected weeks or in no week;
    /// how many fall in each selected week and day of life, and how many outside the selection.
    private func listedFindings(in selected: ClosedRange<Int>?) -> ListedFindings {
        var counts = ListedFindings(outside: findingsOutsideSelection)
        for finding in findings + unknownValueFindings() {
            if let week = finding.week {
                guard selected?.contains(week) == true else {
                    counts.outside += 1
                    continue
                }
                counts.perWeek[week, default: 0] += 1
                if let day = finding.day { counts.perDay[day, default: 0] += 1 }
            }
            var finding = finding
            finding.localTime = localTime(finding.time.timeIntervalSinceReferenceDate)
            counts.listed.append(finding)
        }
        counts.listed = summarizeOutsideLife(counts.listed)
        counts.listed.sort(by: Finding.precedes)
        return counts
    }

    /// Week `index`'s summary; appends the summaries of its days from day of life `firstDay` on (up to today), and
    /// those of the first month's days to `firstMonth`.
    private func summarizeWeek(
        _ index: Int, counts: ListedFindings, units: VolumeUnits, daysFrom firstDay: Int, into daySummaries: inout [DaySummary],
        firstMonth: inout [DaySummary]
    ) -> WeekSummary {
        let accumulator = week(index)
        let lastDay = min(index * 7 + 6, todayIndex)
        var metrics = LogMetrics()
        var perDayMetrics = LogMetrics()
        var loggedDays: [Int] = []
        var kindDays = LoggedDays()
        var dayTotals = [LogMetrics](repeating: LogMetrics(), count: 7)
        var hasDayInProgress = false
        var daysOnFewerPhones = 0
        for position in 0..<7 {
            let tally = accumulator?.days[position] ?? DayTally()
            metrics.add(tally.totals)
            let lifeDay = index * 7 + position
            guard lifeDay <= lastDay else { continue }
            // Per-day figures are over the logged days: the report's last day only once it has ended by the clock,
            // and a day without logs not at all (sleep that ran into it from a logged day stays out with it).
            // A day that ends after a phone's last backup likewise: its logs may be on that phone only.
            let fewerPhones = fewerPhonesFrom < .infinity && dayStartInstant(lifeDay + 1) > fewerPhonesFrom
            if lifeDay == todayIndex, todayInProgress {
                hasDayInProgress = true
            } else if fewerPhones {
                daysOnFewerPhones += 1
            } else if tally.logged {
                // A figure per day is its total over the days logged for its kind: a day no sleep starts in keeps the
                // hours of the night before out of sleep per day, as it keeps itself out of the days it divides by.
                var totals = tally.totals
                if totals.sleeps == 0 { (totals.sleepSeconds, totals.nightSleepSeconds) = (0, 0) }
                perDayMetrics.add(totals)
                dayTotals[position] = totals
                loggedDays.append(lifeDay)
                kindDays.add(day: lifeDay, tally.totals)
            }
            guard lifeDay >= firstDay || lifeDay <= FirstMonthDay.lastDay else { continue }
            let summary = daySummary(lifeDay, tally, findings: counts.perDay[lifeDay] ?? 0, units: units, fewerPhones: fewerPhones)
            if lifeDay >= firstDay { daySummaries.append(summary) }
            if lifeDay <= FirstMonthDay.lastDay { firstMonth.append(summary) }
        }
        if let gap = accumulator?.longestFeedGap, gap >= 0 {
            metrics.longestFeedGapHours = gap / 3600
            perDayMetrics.longestFeedGapHours = gap / 3600
        }
        var summary = WeekSummary(
            babyID: baby.id, babyName: baby.name, week: index, startDate: birthDate.adding(days: index * 7),
            endDate: birthDate.adding(days: index * 7 + 6), days: lastDay - index * 7 + 1, daysLogged: loggedDays.count,
            metrics: metrics, perDayMetrics: perDayMetrics, hasDayInProgress: hasDayInProgress, findings: counts.perWeek[index] ?? 0,
            references: ReferenceRanges.bands(
                week: index, loggedDays: kindDays, birthDate: birthDate, metrics: perDayMetrics, correction: correction, units: units,
                dayTotals: dayTotals),
            units: units, correctedFirstDay: correction?.correctedDays(onDay: index * 7))
        summary.daysOnFewerPhones = daysOnFewerPhones
        summary.daysLoggedByKind = kindDays.counts
        return summary
    }

    /// The summary of day of life `lifeDay` from its tally.
    private func daySummary(_ lifeDay: Int, _ tally: DayTally, findings: Int, units: VolumeUnits, fewerPhones: Bool) -> DaySummary {
        var summary = DaySummary(
            babyID: baby.id, babyName: baby.name, day: lifeDay, date: birthDate.adding(days: lifeDay),
            logged: tally.logged, metrics: tally.metrics, findings: findings, units: units,
            correctedDay: correction?.correctedDays(onDay: lifeDay),
            feedGapIntoDayHours: tally.feedGapIntoDay >= 0 ? tally.feedGapIntoDay / 3600 : nil,
            feedGapFromDay: tally.feedGapIntoDay >= 0 ? Int(tally.feedGapFromDay) : nil,
            inProgress: lifeDay == todayIndex && todayInProgress)
        summary.fewerPhones = fewerPhones && !summary.inProgress
        return summary
    }

    /// The 24-hour timelines of days of life `firstDay` through `lastDay`, items sorted.
    private func timelines(from firstDay: Int, to lastDay: Int) -> [DayTimeline] {
        guard firstDay <= lastDay else { return [] }
        return (firstDay...lastDay).map { lifeDay in
            let items = timeline[lifeDay] ?? TimelineDay()
            return DayTimeline(
                day: lifeDay, date: birthDate.adding(days: lifeDay), dayStart: dayStart,
                sleeps: items.sleeps.sorted { ($0.start, $0.end) < ($1.start, $1.end) },
                feeds: items.feeds.sorted { $0.minute < $1.minute },
                // By minute, then as the logs are ordered (time, row): the same in any input order.
                diapers: items.diapers.sorted {
                    ($0.diaper.minute, $0.time, $0.rowID) < ($1.diaper.minute, $1.time, $1.rowID)
                }.map(\.diaper))
        }
    }

    /// Logs before the birthday or after today, one line per rule and kind with their count and time span:
    /// a `--today` before the last log would otherwise list every later log on a line of its own.
    private func summarizeOutsideLife(_ findings: [Finding]) -> [Finding] {
        var groups: [String: [Finding]] = [:]
        var kept: [Finding] = []
        for finding in findings {
            guard finding.rule == .afterToday || finding.rule == .beforeBirthday else {
                kept.append(finding)
                continue
            }
            groups["\(finding.rule.rawValue)/\(finding.kind.rawValue)", default: []].append(finding)
        }
        for (_, group) in groups {
            guard group.count > 1, var first = group.min(by: { $0.time < $1.time }), let last = group.max(by: { $0.time < $1.time }) else {
                kept += group
                continue
            }
            let afterToday = first.rule == .afterToday
            first.message = FindingMessage(afterToday ? "finding_many_after_today" : "finding_many_before_birthday", [
                "count": .text(String(group.count)), "kind": FindingMessage.kind(first.kind),
                "date": .date(afterToday ? todayDate : birthDate), "from": .localTime(first.localTime), "to": .localTime(last.localTime),
            ])
            first.occurrences = group.count
            kept.append(first)
        }
        return kept
    }

    /// One finding per unknown value, at its first log, with the number of logs carrying it.
    private func unknownValueFindings() -> [Finding] {
        unknownValues.map { key, tally in
            let logs = tally.occurrences == 1 ? FindingMessage("finding_one_log")
                : FindingMessage("finding_logs", ["count": .text(String(tally.occurrences))])
            return Finding(
                rule: .unknownValue, kind: key.kind, logID: tally.firstID, rowID: tally.firstRowID,
                time: Date(timeIntervalSinceReferenceDate: tally.firstTime), localTime: "",
                message: FindingMessage(key.field == "unit" ? "finding_unknown_unit" : "finding_unknown_type", [
                    "field": .term("field_" + key.field.replacingOccurrences(of: " ", with: "_")), "value": .text(key.text),
                    "logs": .message(logs),
                ]), week: tally.week,
                day: tally.day, occurrences: tally.occurrences)
        }
    }
}
