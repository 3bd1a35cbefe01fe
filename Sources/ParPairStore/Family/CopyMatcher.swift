import Foundation
import ParPairModel

/// Decides, as a family's merged stream goes by, which logs count and which are another phone's copy of the same
/// event (`CrossPhoneRule`). Logs come in in the merged order (start, then kind, then phone, then row) and go out in
/// the same order, each once, as a `FamilyLog`, at most `CrossPhoneRule.window` of stream time later: by then no log
/// still to come can change what it is. Memory holds the logs of that window and the sleeps not yet ended.
struct CopyMatcher {
    /// The logs of one event so far: the first one, the copies that joined it, and which of them counts.
    private final class Event {
        var members: [PhoneLog]
        var counting = 0
        /// The phones that hold a log of it, one bit each.
        var phones: UInt64
        /// Until when another log can still join it: its latest end, or start plus the window.
        var reach: Double

        init(_ log: PhoneLog, start: Double) {
            members = [log]
            phones = CopyMatcher.bit(log.phone)
            reach = CopyMatcher.reach(of: log.record, start: start)
        }

        func admits(_ log: PhoneLog) -> Bool {
            phones & CopyMatcher.bit(log.phone) == 0 && members.allSatisfy { CrossPhoneRule.sameEvent($0.record, log.record) }
        }

        func join(_ log: PhoneLog, start: Double) {
            members.append(log)
            phones |= CopyMatcher.bit(log.phone)
            reach = max(reach, CopyMatcher.reach(of: log.record, start: start))
            // Of feeds, the earliest with an amount counts.
            if case .food(let joining) = log.record, joining.amount != nil,
               case .food(let current) = members[counting].record, current.amount == nil {
                counting = members.count - 1
            }
        }
    }

    private struct Waiting {
        let start: Double
        let event: Event
        /// Its place among the event's members.
        let member: Int
    }

    /// Logs not yet handed on, in stream order; those before `head` are gone.
    private var waiting: [Waiting] = []
    private var head = 0
    /// Events another log may still join, oldest first.
    private var open: [Event] = []

    /// Takes the next log of the merged stream, handing on to `emit` every log that is now settled.
    mutating func add(_ log: PhoneLog, emit: (FamilyLog) throws -> Void) rethrows {
        let start = CrossPhoneRule.time(log.record.start)
        try settle(before: start, emit)
        open.removeAll { $0.reach < start }
        if let joined = open.first(where: { $0.admits(log) }) {
            joined.join(log, start: start)
            waiting.append(Waiting(start: start, event: joined, member: joined.members.count - 1))
        } else {
            let event = Event(log, start: start)
            if start.isFinite { open.append(event) }
            waiting.append(Waiting(start: start, event: event, member: 0))
        }
    }

    /// Hands on every log still waiting: the stream has ended.
    mutating func finish(emit: (FamilyLog) throws -> Void) rethrows {
        try settle(before: .infinity, emit)
        open.removeAll()
    }

    /// Hands on the logs that started more than a window before `start`.
    private mutating func settle(before start: Double, _ emit: (FamilyLog) throws -> Void) rethrows {
        while head < waiting.count, !(waiting[head].start + CrossPhoneRule.window >= start) {
            let item = waiting[head]
            head += 1
            let event = item.event
            try emit(FamilyLog(event.members[item.member], counted: event.counting == item.member ? nil : event.members[event.counting]))
        }
        if head > 256, head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
    }

    private static func bit(_ phone: Int) -> UInt64 { 1 << UInt64(min(phone, 63)) }

    private static func reach(of record: LogRecord, start: Double) -> Double {
        let end = record.end.map { CrossPhoneRule.time($0) } ?? start
        return max(end.isFinite ? end : start, start + CrossPhoneRule.window)
    }
}
