import Foundation
import ParPairModel

/// Decides, as a family's merged stream goes by, which logs count and which are another phone's copy of the same
/// event (`CrossPhoneRule`). Logs come in in the merged order (start, then kind, then phone, then row) and go out in
/// the same order, each once, with the id of the log that counts in its place when it is a copy, `CrossPhoneRule.window`
/// of stream time later: by then no log still to come can change what it is. Memory holds the logs of that window and
/// the sleeps not yet ended. `Log` is a log itself (`PhoneLog`) or where one is (`LogHandle`).
///
/// The caller takes the settled logs out (`settled(before:)`) before it adds the next, and all of them at the end.
struct CopyMatcher<Log: MergedLog> {
    /// The logs of an event that more than one phone logged, and which of them counts.
    private final class Event {
        var members: [Log]
        var counting = 0

        init(_ first: Log) { members = [first] }
    }

    /// A log not yet handed on.
    private struct Waiting {
        let log: Log
        let start: Double
        /// The event it is part of, once another phone's log joined it.
        var event: Event?
        /// Its place among the event's members.
        var member = 0
    }

    /// A log another phone's log may still join (with those that joined it).
    private struct Candidate {
        let first: Log
        /// Its number in the stream (`waiting[sequence - base]` while it waits).
        let sequence: Int
        /// Until when a log can still join: the latest end, or start plus the window.
        var reach: Double
        /// The phones that hold a log of it, one bit each.
        var phones: UInt64
        var event: Event?

        func admits(_ log: Log) -> Bool {
            guard phones & CopyMatcher.bit(log.phone) == 0 else { return false }
            guard let event else { return CrossPhoneRule.sameEvent(first.record, log.record) }
            return event.members.allSatisfy { CrossPhoneRule.sameEvent($0.record, log.record) }
        }
    }

    /// Logs not yet handed on, in stream order; those before `head` are gone (nil). `waiting[0]` is log number `base`.
    private var waiting: [Waiting?] = []
    private var head = 0
    private var base = 0
    /// Logs that a later log may still join, oldest first.
    private var open: [Candidate] = []

    /// Takes the next log of the merged stream, which starts no earlier than any before it. The logs that
    /// `settled(before:)` gives for its start are to be taken out first.
    mutating func add(_ log: Log) {
        let start = log.start
        if !open.isEmpty { close(before: start) }
        if head > 1024, head * 2 > waiting.count {
            waiting.removeFirst(head)
            base += head
            head = 0
        }
        let sequence = base + waiting.count
        guard let index = open.firstIndex(where: { $0.admits(log) }) else {
            if start.isFinite, log.hasBaby {
                open.append(Candidate(first: log, sequence: sequence, reach: Self.reach(of: log, start: start),
                                      phones: Self.bit(log.phone)))
            }
            waiting.append(Waiting(log: log, start: start))
            return
        }
        let event: Event
        if let joined = open[index].event {
            event = joined
        } else {
            event = Event(open[index].first)
            open[index].event = event
            let first = open[index].sequence - base
            if first >= head { waiting[first]?.event = event }
        }
        event.members.append(log)
        open[index].phones |= Self.bit(log.phone)
        open[index].reach = max(open[index].reach, Self.reach(of: log, start: start))
        // Of feeds, the earliest with an amount counts.
        if case .food(let joining) = log.record, joining.amount != nil,
           case .food(let current) = event.members[event.counting].record, current.amount == nil {
            event.counting = event.members.count - 1
        }
        waiting.append(Waiting(log: log, start: start, event: event, member: event.members.count - 1))
    }

    /// The next log that started more than a window before `start`, with the id of the log that counts in its place
    /// when it is a copy; nil when none is left. At `.infinity` (the stream has ended) every log still waiting.
    mutating func settled(before start: Double) -> (log: Log, copyOf: UUID?)? {
        guard head < waiting.count, let waited = waiting[head]?.start, !(waited + CrossPhoneRule.window >= start) else {
            if start == .infinity { open.removeAll() }
            return nil
        }
        let item = waiting[head].take()!
        head += 1
        guard let event = item.event, event.counting != item.member else { return (item.log, nil) }
        return (item.log, event.members[event.counting].record.id)
    }

    /// Drops the candidates that no log starting at `start` or later can join, keeping the others in their order.
    private mutating func close(before start: Double) {
        // In place, as `removeAll(where:)` does, without its cost for the one or two candidates usually open.
        var kept = 0
        for index in open.indices where !(open[index].reach < start) {
            if kept != index { open.swapAt(kept, index) }
            kept += 1
        }
        while open.count > kept { open.removeLast() }
    }

    private static func bit(_ phone: Int) -> UInt64 { 1 << UInt64(min(phone, 63)) }

    /// Until when a log can join `log`: its end, or its start plus the window.
    private static func reach(of log: Log, start: Double) -> Double {
        let end = log.end
        return max(end.isFinite ? end : start, start + CrossPhoneRule.window)
    }
}
