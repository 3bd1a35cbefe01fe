import Foundation
import ParPairModel

/// Folds logs into day and week totals as a reader steps through them, one pass per table.
///
/// Memory grows with the number of weeks that hold logs, not with the number of logs (apart from
/// `DuplicateIDCheck.fingerprints`, which remembers 8–16 bytes per log of the table being read until
/// `finishTable(_:)` is called for its kind, 8–10 when `beginTable(_:expectedLogs:)` gave its size;
/// pass `.known` to avoid it).
///
/// **Order.** Food logs and sleep logs of each baby must arrive in start order (ties in any order), as
/// the store reader delivers them (`ORDER BY ZSTARTTIME, Z_PK`): feed gaps and the merging of
/// overlapping sleeps are computed on the fly. Diapers and activities may arrive in any order, and
/// tables and babies may interleave freely. Unsorted food or sleep input makes `finish()` throw;
/// `aggregate(babies:options:logs:)` sorts an arbitrary collection first.
///
/// ```swift
/// let aggregator = Aggregator(babies: babies, options: options)
/// try store.forEachFoodLog { aggregator.add($0) }   // then sleeps, diapers, activities
/// let result = try aggregator.finish()
/// ```
public final class Aggregator {
    /// The options every row is cut by.
    public let options: AggregationOptions
    let calendar: LifeCalendar
    let babyStates: [BabyAccumulator]
    private let babyIndex: [UUID: Int]
    @exclusivity(unchecked) private var lastBabyID: UUID?
    @exclusivity(unchecked) private var lastBaby: Unmanaged<BabyAccumulator>?
    @exclusivity(unchecked) var duplicates: DuplicateTracker
    var storeFindings: [Finding] = []
    var orderProblem: AggregationError?

    /// - Parameters:
    ///   - babies: the babies of the store, in the order results should list them. Logs pointing at
    ///     another id are orphans.
    ///   - options: time zone, day start, night, today, units and week selection.
    ///   - duplicateCheck: how repeated log ids are found (see `DuplicateIDCheck`).
    public init(babies: [Baby], options: AggregationOptions, duplicateCheck: DuplicateIDCheck = .fingerprints) {
        self.options = options
        let calendar = LifeCalendar(timeZone: options.timeZone, dayStartMinutes: options.dayStart.minutes)
        self.calendar = calendar
        let dayStarts = DayStarts(calendar: calendar, minutes: options.dayStart.minutes)
        babyStates = babies.map { BabyAccumulator(baby: $0, options: options, calendar: calendar, dayStarts: dayStarts) }
        var index: [UUID: Int] = [:]
        for (position, baby) in babies.enumerated() where index[baby.id] == nil { index[baby.id] = position }
        babyIndex = index
        duplicates = DuplicateTracker(duplicateCheck)
    }

    /// Adds any kind of log.
    public func add(_ record: LogRecord) {
        switch record {
        case .food(let log): add(log)
        case .sleep(let log): add(log)
        case .diaper(let log): add(log)
        case .activity(let log): add(log)
        }
    }

    /// How many logs had the id of an earlier log of the same kind, and were left out, so far
    /// (`.fingerprints`, `.known`; always 0 with `.countedByCaller`).
    public var repeatedIDs: Int { duplicates.repeats }

    /// Says that the logs of `kind` come next and about how many there are (a table's row count),
    /// so the memory that finds repeated ids is allocated once, at its final size. Optional.
    public func beginTable(_ kind: LogKind, expectedLogs: Int) {
        duplicates.expect(expectedLogs, of: kind)
    }

    /// Says that every log of `kind` has been added (its table is read), which frees the memory used
    /// to find repeated ids of that kind. Adding a log of that kind afterwards is a programming error.
    public func finishTable(_ kind: LogKind) {
        duplicates.finish(kind)
    }

    /// Ends the input and returns the summaries.
    ///
    /// - Throws: `AggregationError.unsortedInput` when food or sleep logs of a baby came out of start order.
    public func finish() throws(AggregationError) -> AggregationResult {
        if let orderProblem { throw orderProblem }
        return result()
    }

    /// Aggregates a collection in any order: it is sorted per table by start, then row, and folded.
    ///
    /// For tests and small inputs; a store reader should stream sorted rows into `add` instead.
    public static func aggregate(
        babies: [Baby], options: AggregationOptions, logs: some Sequence<LogRecord>,
        duplicateCheck: DuplicateIDCheck = .fingerprints
    ) -> AggregationResult {
        // Nobody would count the repeats, and every repeated log would count: a programming error.
        precondition(duplicateCheck != .countedByCaller, "Aggregator.aggregate leaves repeated ids out; .countedByCaller leaves that to its caller")
        func key(_ record: LogRecord) -> Double {
            let start = record.start.timeIntervalSinceReferenceDate
            return start.isNaN ? -.infinity : start
        }
        let sorted = logs.sorted { lhs, rhs in
            if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
            let left = key(lhs)
            let right = key(rhs)
            if left != right { return left < right }
            return rowID(lhs) < rowID(rhs)
        }
        let aggregator = Aggregator(babies: babies, options: options, duplicateCheck: duplicateCheck)
        for record in sorted { aggregator.add(record) }
        return aggregator.result()
    }

    private static func rowID(_ record: LogRecord) -> Int64 {
        switch record {
        case .food(let log): log.rowID
        case .sleep(let log): log.rowID
        case .diaper(let log): log.rowID
        case .activity(let log): log.rowID
        }
    }

    // MARK: Per row

    /// Calls `body` with the baby a log belongs to, or lists an orphan at store level.
    ///
    /// The accumulator is lent to `body` without a retain (a log's fold would otherwise retain and
    /// release it a few times): the accumulators live in `babyStates` for as long as the aggregator.
    @inline(__always)
    func withBaby(
        for reference: BabyReference, kind: LogKind, id: UUID, rowID: Int64, time: Date, _ body: (BabyAccumulator) -> Void
    ) {
        guard let baby = baby(for: reference, kind: kind, id: id, rowID: rowID, time: time) else { return }
        baby._withUnsafeGuaranteedRef(body)
    }

    /// The baby a log belongs to (unretained, see `withBaby`); nil for an orphan, which is listed at store level.
    @inline(__always)
    private func baby(for reference: BabyReference, kind: LogKind, id: UUID, rowID: Int64, time: Date) -> Unmanaged<BabyAccumulator>? {
        if case .baby(let babyID) = reference {
            if babyID == lastBabyID, let lastBaby { return lastBaby }
            let position: Int?
            if babyStates.count <= 16 {
                position = babyStates.firstIndex { $0.baby.id == babyID }
            } else {
                position = babyIndex[babyID]
            }
            if let position {
                let state = Unmanaged.passUnretained(babyStates[position])
                lastBabyID = babyID
                lastBaby = state
                return state
            }
        }
        let reason: FindingMessage
        switch reference {
        case .none: reason = FindingMessage("orphan_no_baby")
        case .dangling(rowID: let row): reason = FindingMessage("orphan_dangling_row", ["row": .text(String(row))])
        case .baby(id: let babyID): reason = FindingMessage("orphan_missing_baby", ["id": .text(babyID.uuidString)])
        }
        storeFindings.append(Finding(
            rule: .orphan, kind: kind, logID: id, rowID: rowID, time: time, localTime: "",
            message: FindingMessage("finding_orphan", ["reason": .message(reason)])))
        return nil
    }

    /// 1970-01-01 00:00 UTC, in seconds since 2001.
    static let earliestPlausibleStart: Double = -978_307_200

    /// Decides whether a log counts, and where: invalid time, duplicate id, before the birthday and
    /// after today are findings that count nowhere (nil). Also checks the start order of food and sleep.
    /// `repeated` asks the baby's `DoubleEntryTracker` which counted log this one repeats (last, so only logs
    /// that would count are noted there).
    @inline(__always)
    func admit(
        _ baby: BabyAccumulator, kind: LogKind, id: UUID, rowID: Int64, start: Double,
        doubleEntry repeated: (inout DoubleEntryTracker, _ id: UUID, _ rowID: Int64) -> DoubleEntryTracker.Seen?
    ) -> Placement? {
        guard start.isFinite else {
            baby.report(.badTime, kind: kind, id: id, rowID: rowID, time: start,
                        message: FindingMessage("finding_start_invalid"), placement: .noWeek)
            return nil
        }
        if kind == .food {
            if start < baby.lastFoodStart { noteOrder(baby, kind: kind, id: id, rowID: rowID, start: start, previous: baby.lastFoodStart) }
            baby.lastFoodStart = max(baby.lastFoodStart, start)
        } else if kind == .sleep {
            if start < baby.lastSleepStart { noteOrder(baby, kind: kind, id: id, rowID: rowID, start: start, previous: baby.lastSleepStart) }
            baby.lastSleepStart = max(baby.lastSleepStart, start)
        }
        // Before 1970 or more than 20 years after the birth: a mistyped year, not a week of life.
        guard start >= Self.earliestPlausibleStart, start < baby.plausibleEnd else {
            baby.report(.implausibleDate, kind: kind, id: id, rowID: rowID, time: start,
                        message: FindingMessage(start < Self.earliestPlausibleStart ? "finding_before_1970" : "finding_far_future"), placement: .noWeek)
            return nil
        }
        let inRange = start >= baby.rangeStart && start < baby.rangeEnd
        if duplicates.isRepeat(id, kind: kind) {
            let placement: Placement = inRange ? baby.locate(start) : .noWeek
            baby.report(.duplicateID, kind: kind, id: id, rowID: rowID, time: start,
                        message: FindingMessage("finding_duplicate_id", ["kind": FindingMessage.kind(kind)]), placement: placement)
            return nil
        }
        guard inRange else {
            if start < baby.rangeStart {
                baby.report(.beforeBirthday, kind: kind, id: id, rowID: rowID, time: start,
                            message: FindingMessage("finding_before_birthday", ["date": .date(baby.birthDate)]), placement: .noWeek)
            } else {
                baby.report(.afterToday, kind: kind, id: id, rowID: rowID, time: start,
                            message: FindingMessage("finding_after_today", ["date": .date(options.today)]), placement: .noWeek)
            }
            return nil
        }
        if let earlier = repeated(&baby.doubleEntries, id, rowID) {
            // The two count once; the copy saved later is the one listed (its figures are the same, to the minute).
            let copy = earlier.rowID > rowID ? earlier : DoubleEntryTracker.Seen(id: id, rowID: rowID, start: start)
            baby.report(.loggedTwice, kind: kind, id: copy.id, rowID: copy.rowID, time: copy.start,
                        message: FindingMessage("finding_logged_twice", ["kind": FindingMessage.kind(kind)]),
                        placement: baby.locate(copy.start))
            return nil
        }
        let placement = baby.locate(start)
        placement.inWeek { baby.count(week: $0, day: $1) }
        return placement
    }

    private func noteOrder(_ baby: BabyAccumulator, kind: LogKind, id: UUID, rowID: Int64, start: Double, previous: Double) {
        guard orderProblem == nil else { return }
        orderProblem = .unsortedInput(
            kind: kind, babyName: baby.baby.name, logID: id, rowID: rowID, start: baby.localTime(start),
            previousStart: baby.localTime(previous))
    }

    /// How an end relates to its start.
    enum EndCheck {
        case open
        case invalidTime
        case beforeStart(Double)
        case valid(duration: Double)

        @inline(__always)
        init(end: Date?, start: Double) {
            guard let end else { self = .open; return }
            let time = end.timeIntervalSinceReferenceDate
            if !time.isFinite { self = .invalidTime } else if time < start { self = .beforeStart(time) } else { self = .valid(duration: time - start) }
        }
    }

    /// `4`, `4.5`, `120.25`: an amount as the parent typed it, for reasons.
    static func amountText(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-infinity" : "infinity") }
        var text = FixedDecimal.format(value, decimals: 2)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func hoursText(_ seconds: Double) -> String { FixedDecimal.format(seconds / 3600, decimals: 2) }
}
