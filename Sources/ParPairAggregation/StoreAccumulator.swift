import Foundation
import ParPairModel

/// The running state of one aggregation: each baby's accumulator, the ids read per kind, the logs of no
/// baby, and the first break in the input's start order.
///
/// One value, owned by its `Aggregator` and changed there in place: a log's fold is one access to it,
/// and everything under it (babies, weeks, days) is a value in an array addressed by index.
struct StoreAccumulator {
    let calendar: LifeCalendar
    private(set) var babies: [BabyAccumulator]
    /// The ids of `babies`, in the same order (searched without touching the accumulators).
    private let babyIDs: [UUID]
    private let babyIndex: [UUID: Int]
    /// The baby of the previous log and its position in `babies`.
    private var lastBaby: (id: UUID, position: Int)?
    var duplicates: DuplicateTracker
    /// Logs that belong to no baby of the store, listed at store level.
    private(set) var storeFindings: [Finding] = []
    /// The first food or sleep log found out of its baby's start order.
    private(set) var orderProblem: AggregationError?
    /// The phone of the logs being added, when several phones are read.
    var phone: Int?

    init(babies: [Baby], options: AggregationOptions, duplicateCheck: DuplicateIDCheck) {
        let calendar = LifeCalendar(timeZone: options.timeZone, dayStartMinutes: options.dayStart.minutes)
        self.calendar = calendar
        let dayStarts = DayStarts(calendar: calendar, minutes: options.dayStart.minutes)
        self.babies = babies.map { BabyAccumulator(baby: $0, options: options, calendar: calendar, dayStarts: dayStarts) }
        babyIDs = babies.map(\.id)
        var index: [UUID: Int] = [:]
        for (position, baby) in babies.enumerated() where index[baby.id] == nil { index[baby.id] = position }
        babyIndex = index
        duplicates = DuplicateTracker(duplicateCheck)
    }

    // MARK: Per row

    /// Adds any kind of log. Kept out of line: the fold below reads `weeks[slot]` of a baby in place only
    /// when the optimizer sees it as its own function (inlined into `Aggregator.add`, each read copied the
    /// week and retained its arrays).
    @inline(never)
    mutating func add(_ record: LogRecord) {
        switch record {
        case .food(let log): add(log)
        case .sleep(let log): add(log)
        case .diaper(let log): add(log)
        case .activity(let log): add(log)
        }
    }

    mutating func add(_ log: FoodLog) {
        let start = log.startTime.timeIntervalSinceReferenceDate
        fold(.food, id: log.id, rowID: log.rowID, of: log.baby, at: log.startTime, doubleEntry: {
            $0.food.repeated(start: start, .init(type: log.type, end: log.endTime?.timeIntervalSinceReferenceDate,
                                                 amount: log.amount, unit: log.feedingUnit), id: $1, rowID: $2)
        }, into: { baby, placement in baby.add(log, start: start, placement: placement) })
    }

    mutating func add(_ log: SleepLog) {
        let start = log.startTime.timeIntervalSinceReferenceDate
        fold(.sleep, id: log.id, rowID: log.rowID, of: log.baby, at: log.startTime, doubleEntry: {
            $0.sleep.repeated(start: start, .init(type: 0, end: log.endTime?.timeIntervalSinceReferenceDate), id: $1, rowID: $2)
        }, into: { baby, placement in baby.add(log, start: start, placement: placement) })
    }

    mutating func add(_ log: DiaperLog) {
        let time = log.time.timeIntervalSinceReferenceDate
        fold(.diaper, id: log.id, rowID: log.rowID, of: log.baby, at: log.time, doubleEntry: {
            $0.diaper.repeated(start: time, .init(type: log.type, end: nil), id: $1, rowID: $2)
        }, into: { baby, placement in baby.add(log, time: time, placement: placement) })
    }

    mutating func add(_ log: ActivityLog) {
        let start = log.startTime.timeIntervalSinceReferenceDate
        fold(.activity, id: log.id, rowID: log.rowID, of: log.baby, at: log.startTime, doubleEntry: {
            $0.activity.repeated(start: start, .init(type: log.type, end: log.endTime?.timeIntervalSinceReferenceDate), id: $1, rowID: $2)
        }, into: { baby, placement in baby.add(log, start: start, placement: placement) })
    }

    /// Folds one log into its baby: finds the baby (or lists an orphan), decides where the log counts
    /// (`admit`), and hands it to `add` with its placement when it counts.
    ///
    /// - Parameters:
    ///   - time: the log's start (a diaper's time).
    ///   - repeated: asks the baby's `DoubleEntryTracker` which counted log this one repeats.
    ///   - add: the kind's fold into the baby (`BabyAccumulator.add`).
    @inline(__always)
    private mutating func fold(
        _ kind: LogKind, id: UUID, rowID: Int64, of baby: BabyReference, at time: Date,
        doubleEntry repeated: (inout DoubleEntryTracker, _ id: UUID, _ rowID: Int64) -> DoubleEntryTracker.Seen?,
        into add: (inout BabyAccumulator, Placement) -> Void
    ) {
        guard let position = position(of: baby, kind: kind, id: id, rowID: rowID, time: time) else { return }
        if let phone { babies[position].phone = phone }
        let start = time.timeIntervalSinceReferenceDate
        guard let placement = admit(position, kind: kind, id: id, rowID: rowID, start: start, doubleEntry: repeated) else { return }
        add(&babies[position], placement)
    }

    /// The position in `babies` of the baby a log belongs to; nil for an orphan, which is listed at store level.
    @inline(__always)
    private mutating func position(of reference: BabyReference, kind: LogKind, id: UUID, rowID: Int64, time: Date) -> Int? {
        if case .baby(let babyID) = reference {
            if let lastBaby, lastBaby.id == babyID { return lastBaby.position }
            if let position = babyIDs.count <= 16 ? babyIDs.firstIndex(of: babyID) : babyIndex[babyID] {
                lastBaby = (babyID, position)
                return position
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
            message: FindingMessage("finding_orphan", ["reason": .message(reason)]), phone: phone))
        return nil
    }

    /// Where the log of baby `position` counts, if it does (`BabyAccumulator.admit`); notes the first food or
    /// sleep log that comes before an earlier-read start of its baby.
    @inline(__always)
    private mutating func admit(
        _ position: Int, kind: LogKind, id: UUID, rowID: Int64, start: Double,
        doubleEntry repeated: (inout DoubleEntryTracker, _ id: UUID, _ rowID: Int64) -> DoubleEntryTracker.Seen?
    ) -> Placement? {
        if let previous = babies[position].noteStart(start, kind: kind), orderProblem == nil {
            orderProblem = .unsortedInput(
                kind: kind, babyName: babies[position].baby.name, logID: id, rowID: rowID,
                start: babies[position].localTime(start), previousStart: babies[position].localTime(previous))
        }
        return babies[position].admit(kind: kind, id: id, rowID: rowID, start: start, duplicates: &duplicates, doubleEntry: repeated)
    }

    /// Counts another phone's copy of a counted log of `baby` (`BabyAccumulator.countCopy`).
    mutating func addCopy(of baby: BabyReference, start: Date) {
        guard let id = baby.babyID, let position = babyIndex[id] else { return }
        babies[position].countCopy(start: start.timeIntervalSinceReferenceDate)
    }

    // MARK: Result

    /// The summaries of everything added so far (sleep still being merged is distributed first).
    mutating func result(options: AggregationOptions) -> AggregationResult {
        var orphans = storeFindings
        for index in orphans.indices {
            let time = orphans[index].time.timeIntervalSinceReferenceDate
            orphans[index].localTime = time.isFinite ? calendar.iso8601(orphans[index].time) : "invalid time"
        }
        orphans.sort(by: Finding.precedes)
        var summaries: [BabyAggregate] = []
        summaries.reserveCapacity(babies.count)
        for position in babies.indices {
            summaries.append(babies[position].summarize(units: options.units, days: options.days))
        }
        return AggregationResult(options: options, babies: summaries, storeFindings: orphans)
    }
}
