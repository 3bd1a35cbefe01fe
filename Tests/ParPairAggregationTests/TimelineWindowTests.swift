import Testing
@testable import ParPairAggregation

/// The window of timeline days the aggregator keeps while logs stream in.
@Suite struct TimelineWindowTests {
    private func feed(_ minute: Int) -> DayTimeline.Feed { DayTimeline.Feed(minute: minute, type: .formula) }

    @Test func daysStayInOrderWhateverOrderTheyArriveIn() {
        var window = TimelineWindow()
        #expect(window.isEmpty)
        for (day, minute) in [(10, 1), (12, 2), (11, 3), (12, 4), (9, 5), (13, 6), (10, 7)] {
            window.modify(day) { $0.feeds.append(feed(minute)) }
        }
        #expect(window.days.map(\.day) == [9, 10, 11, 12, 13])
        #expect(window[10]?.feeds.map(\.minute) == [1, 7])
        #expect(window[12]?.feeds.map(\.minute) == [2, 4])
        #expect(window[14] == nil)
        #expect(window[8] == nil)
    }

    @Test func dropForgetsTheDaysBeforeTheFloorOnly() {
        var window = TimelineWindow()
        for day in [3, 5, 6, 9] { window.modify(day) { $0.feeds.append(feed(day)) } }
        window.drop(below: 2)
        #expect(window.days.map(\.day) == [3, 5, 6, 9])
        window.drop(below: 6)
        #expect(window.days.map(\.day) == [6, 9])
        #expect(window[5] == nil)
        #expect(window[6]?.feeds.map(\.minute) == [6])
        window.drop(below: 10)
        #expect(window.isEmpty)
        window.modify(12) { $0.sleeps.append(DayTimeline.Sleep(start: 60, end: 120)) }
        #expect(window.days.map(\.day) == [12])
    }
}
