import Foundation

/// One age-week's boundaries and day totals, made when the first log (or sleep time) lands in it.
///
/// It holds everything the per-row path needs so that no calendar call happens per row: the eight
/// instants where its days begin (the last one is the next week's start), the UTC-offset segments,
/// and the instants of the night clock range, all computed once when the week is made.
///
/// A value kept in its baby's `BabyAccumulator.weeks` and changed there in place (`weeks[slot].days[day]…`),
/// never copied out on the per-row path.
struct WeekAccumulator {
    let index: Int
    /// Start of each day 0…6 and the end of day 6, seconds since 2001.
    let boundaries: [Double]
    /// UTC-offset segments covering the week, the first starting at `boundaries[0]`.
    let segments: [ClockSegment]
    /// The parts of the week that are night on the local clock, sorted and disjoint.
    let nights: [TimeSpan]
    var days = [DayTally](repeating: DayTally(), count: 7)

    /// Longest gap between consecutive feed starts both in this week, in seconds (negative when none), over the
    /// days with feed logs: a gap across a whole day without a feed log is missing logs, not a feeding gap.
    var longestFeedGap: Double {
        var longest = -1.0
        for position in 0..<7 {
            let day = days[position]
            longest = max(longest, day.longestFeedGap)
            let from = Int(day.feedGapFromDay) - index * 7
            guard day.feedGapIntoDay >= 0, from >= 0, (from + 1..<position).allSatisfy({ days[$0].totals.feeds > 0 }) else { continue }
            longest = max(longest, day.feedGapIntoDay)
        }
        return longest
    }

    var start: Double { boundaries[0] }
    var end: Double { boundaries[7] }

    /// - Parameters:
    ///   - boundaries: 8 non-decreasing instants.
    ///   - timeZone: for the offsets.
    ///   - night: the night clock range.
    init(index: Int, boundaries: [Double], timeZone: TimeZone, night: ClockRange) {
        precondition(boundaries.count == 8, "a week has 7 days")
        self.index = index
        self.boundaries = boundaries
        segments = WeekAccumulator.segments(boundaries: boundaries, timeZone: timeZone)
        nights = WeekAccumulator.nights(segments: segments, end: boundaries[7], night: night)
    }

    /// The day (0…6) of an instant inside the week.
    @inline(__always)
    func dayIndex(of time: Double) -> Int {
        var day = 0
        while day < 6 && time >= boundaries[day + 1] { day += 1 }
        return day
    }

    /// The UTC offset in seconds at an instant inside the week.
    @inline(__always)
    func offset(at time: Double) -> Double {
        var found = segments[0].offset
        for segment in segments where segment.start <= time { found = segment.offset }
        return found
    }

    /// Adds sleep `from ..< to`, inside day `day` (0…6), to the day's sleep and night sleep.
    @inline(__always)
    mutating func addSleep(from: Double, to: Double, day: Int) {
        days[day].totals.sleepSeconds += to - from
        days[day].totals.nightSleepSeconds += nightSeconds(from: from, to: to)
    }

    /// Seconds of `from ..< to` on the night clock.
    func nightSeconds(from: Double, to: Double) -> Double {
        var total = 0.0
        for night in nights {
            if night.start >= to { break }
            total += night.overlap(from, to)
        }
        return total
    }

    /// The offset segments between the week's start and end: offsets are sampled at each day boundary
    /// and a change between two boundaries is located to the second by bisection. (Zones change their
    /// offset at most once within a day.)
    static func segments(boundaries: [Double], timeZone: TimeZone) -> [ClockSegment] {
        func offset(_ time: Double) -> Double {
            Double(timeZone.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: time)))
        }
        var segments = [ClockSegment(start: boundaries[0], offset: offset(boundaries[0]))]
        for day in 0..<7 {
            let next = offset(boundaries[day + 1])
            guard let current = segments.last?.offset, next != current else { continue }
            var low = boundaries[day]
            var high = boundaries[day + 1]
            while high - low > 1 {
                let middle = ((low + high) / 2).rounded(.down)
                if middle <= low || middle >= high { break }
                if offset(middle) == current { low = middle } else { high = middle }
            }
            segments.append(ClockSegment(start: high, offset: next))
        }
        return segments
    }

    /// The night spans of the local clock range inside `segments` (up to `end`), merged where they touch.
    static func nights(segments: [ClockSegment], end: Double, night: ClockRange) -> [TimeSpan] {
        let day = 86_400.0
        let nightStart = Double(night.start.minutes * 60)
        let nightEnd = Double(night.end.minutes * 60)
        var spans: [TimeSpan] = []
        spans.reserveCapacity(9 * segments.count)  // a segment of a week meets at most nine nights
        for (position, segment) in segments.enumerated() {
            let segmentEnd = position + 1 < segments.count ? segments[position + 1].start : end
            guard segmentEnd > segment.start else { continue }
            let localStart = segment.start + segment.offset
            let localEnd = segmentEnd + segment.offset
            let firstDay = (localStart / day).rounded(.down) - 1
            let lastDay = (localEnd / day).rounded(.down)
            var midnight = firstDay * day
            while midnight <= lastDay * day {
                let from = midnight + nightStart
                let to = night.wrapsMidnight ? midnight + day + nightEnd : midnight + nightEnd
                let clippedFrom = max(from, localStart)
                let clippedTo = min(to, localEnd)
                if clippedTo > clippedFrom {
                    spans.append(TimeSpan(start: clippedFrom - segment.offset, end: clippedTo - segment.offset))
                }
                midnight += day
            }
        }
        spans.sort { $0.start < $1.start }
        var merged: [TimeSpan] = []
        merged.reserveCapacity(spans.count)
        for span in spans {
            if let last = merged.last, span.start <= last.end {
                merged[merged.count - 1].end = max(last.end, span.end)
            } else {
                merged.append(span)
            }
        }
        return merged
    }
}
