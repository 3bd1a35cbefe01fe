import Foundation

/// The timeline items of the last days while logs stream in, by day of life in ascending order.
///
/// Logs arrive mostly in time order and only a fortnight or so is kept, so the day a log goes to is
/// found by a short search from the newest end, and the days that fall out of the window are cut off
/// the front: no hashing per log, and no table rebuilt each time a new day begins.
struct TimelineWindow {
    private(set) var days: [Day] = []

    /// A day of life and its items (a struct: see `TimelineDay`).
    struct Day {
        let day: Int
        var items: TimelineDay
    }

    var isEmpty: Bool { days.isEmpty }

    /// The items of `day`, if any were added.
    subscript(day: Int) -> TimelineDay? {
        guard let position = position(of: day) else { return nil }
        return days[position].items
    }

    /// Changes the items of `day`, made empty on first use.
    @inline(__always)
    mutating func modify(_ day: Int, _ body: (inout TimelineDay) -> Void) {
        var index = lastPosition(notAfter: day)
        if index < 0 || days[index].day != day {
            index += 1
            days.insert(Day(day: day, items: .readyForLogs()), at: index)
        }
        body(&days[index].items)
    }

    /// Forgets every day before `floor`.
    mutating func drop(below floor: Int) {
        guard let first = days.first, first.day < floor else { return }
        days.removeFirst(days.firstIndex { $0.day >= floor } ?? days.count)
    }

    private func position(of day: Int) -> Int? {
        let index = lastPosition(notAfter: day)
        return index >= 0 && days[index].day == day ? index : nil
    }

    /// The last place whose day is `day` or earlier, searched from the newest end; -1 when none is.
    @inline(__always)
    private func lastPosition(notAfter day: Int) -> Int {
        var index = days.count - 1
        while index >= 0, days[index].day > day { index -= 1 }
        return index
    }
}
