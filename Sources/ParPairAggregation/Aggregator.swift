import Foundation
import InPlace
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
    /// Everything a log changes, changed in place: one exclusive access per log, checked by the box's
    /// counter (a stored `var` of this class would cost the runtime's dynamic check per log).
    private let store: InPlaceBox<StoreAccumulator>

    /// - Parameters:
    ///   - babies: the babies of the store, in the order results should list them. Logs pointing at
    ///     another id are orphans.
    ///   - options: time zone, day start, night, today, units and week selection.
    ///   - duplicateCheck: how repeated log ids are found (see `DuplicateIDCheck`).
    public init(babies: [Baby], options: AggregationOptions, duplicateCheck: DuplicateIDCheck = .fingerprints) {
        self.options = options
        store = InPlaceBox(StoreAccumulator(babies: babies, options: options, duplicateCheck: duplicateCheck))
    }

    /// Adds any kind of log.
    public func add(_ record: LogRecord) { store.modify { $0.add(record) } }

    /// How many logs had the id of an earlier log of the same kind, and were left out, so far
    /// (`.fingerprints`, `.known`; always 0 with `.countedByCaller`).
    public var repeatedIDs: Int { store.read { $0.duplicates.repeats } }

    /// Says that the logs of `kind` come next and about how many there are (a table's row count),
    /// so the memory that finds repeated ids is allocated once, at its final size. Optional.
    public func beginTable(_ kind: LogKind, expectedLogs: Int) {
        store.modify { $0.duplicates.expect(expectedLogs, of: kind) }
    }

    /// Says that every log of `kind` has been added (its table is read), which frees the memory used
    /// to find repeated ids of that kind. Adding a log of that kind afterwards is a programming error.
    public func finishTable(_ kind: LogKind) {
        store.modify { $0.duplicates.finish(kind) }
    }

    /// Ends the input and returns the summaries.
    ///
    /// - Throws: `AggregationError.unsortedInput` when food or sleep logs of a baby came out of start order.
    public func finish() throws(AggregationError) -> AggregationResult {
        if let orderProblem = store.read(\.orderProblem) { throw orderProblem }
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

    /// Adds a feed: counted by type on the day it starts; breastfeeding minutes from valid ends,
    /// bottle volumes converted to ml, solids in grams; gaps between consecutive starts.
    public func add(_ log: FoodLog) { store.modify { $0.add(log) } }

    /// Adds a sleep: counted on the day it starts; a valid session's time is spread over the days it
    /// covers by absolute instants, overlapping sessions merged so shared time counts once.
    public func add(_ log: SleepLog) { store.modify { $0.add(log) } }

    /// Adds a diaper change at its time: wet = Wet + Mixed, dirty = Dirty + Mixed.
    public func add(_ log: DiaperLog) { store.modify { $0.add(log) } }

    /// Adds an activity: its whole duration counts on the day it starts, when it has a valid end.
    public func add(_ log: ActivityLog) { store.modify { $0.add(log) } }

    /// Counts another phone's copy of a log that counts: it adds nothing to any figure; each baby's aggregate says how
    /// many events of its selected days were logged on several phones (`BabyAggregate.copiesByDay`).
    public func addCopy(_ copy: LogRecord) { store.modify { $0.addCopy(of: copy.baby, start: copy.start) } }

    /// The logs added next come from this phone (an index into the family's phones): their findings name it.
    public func setPhone(_ phone: Int) { store.modify { $0.phone = phone } }

    /// The summaries of everything added so far (sleep still being merged is distributed first).
    func result() -> AggregationResult { store.modify { $0.result(options: options) } }
}
