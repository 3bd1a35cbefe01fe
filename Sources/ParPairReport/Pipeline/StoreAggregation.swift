import Foundation
import IDFingerprints
import ParPairAggregation
import ParPairModel
import ParPairStore

/// Streams a store through the aggregator: one pass per table, memory bounded by the number of days.
public enum StoreAggregation {
    /// Aggregates the babies of an open store.
    /// - Parameters:
    ///   - reader: an open store.
    ///   - options: time zone, today, units, windows.
    ///   - baby: `--baby`: a name (exact, then ignoring case) or an id; nil for every baby.
    /// - Throws: `ReportError.noSuchBaby`, `StoreError` while reading, `AggregationError`.
    public static func run(
        reader: StoreReader, options: AggregationOptions, baby: String? = nil, redact: Bool = false
    ) throws -> AggregationResult {
        let babies = try select(baby, from: reader.babies, redact: redact)
        if let term = options.birthTerm { try check(term, for: babies, timeZone: options.timeZone, redact: redact) }
        // Each baby's logs in start order is all the aggregator needs, and cheaper to read than a
        // sorted table. Only a repeated log id can tell the two orders apart (the first log read with
        // an id counts, and babies interleave differently), so then, and when a row does not decode
        // (to report the same row as before), the tables are read again in time order.
        do {
            let (aggregator, repeatedIDs) = try aggregate(reader: reader, babies: babies, everyone: baby == nil, options: options,
                                                          order: .startTimePerBaby)
            if repeatedIDs == 0 { return withUnreadableRows(try aggregator.finish(), reader) }
        } catch is StoreError {
            // Read again below, in time order, so the error names the row it always named.
        } catch is AggregationError {
            // Cannot happen with rows in each baby's start order; the time order settles it anyway.
        }
        return withUnreadableRows(
            try aggregate(reader: reader, babies: babies, everyone: baby == nil, options: options, order: .startTime).aggregator
                .finish(),
            reader)
    }

    /// The rows that did not decode, as findings of the store (with the orphans): counted nowhere, listed.
    static func withUnreadableRows(_ result: AggregationResult, _ reader: StoreReader) -> AggregationResult {
        var result = result
        result.storeFindings += reader.unreadableRows.map { row in
            Finding(rule: .unreadableRow, kind: row.kind, logID: row.id ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                    rowID: row.rowID, time: Date(timeIntervalSinceReferenceDate: 0), localTime: "",
                    message: FindingMessage("finding_unreadable", ["reason": .text(row.reason)]))
        }
        return result
    }

    /// A term (`--due-date`, `--born-at`) belongs to one baby, or to twins born the same day, and must put the
    /// birth at 22 to 44 weeks of gestation.
    /// - Throws: `ReportError.badTerm`.
    static func check(_ term: BirthTerm, for babies: [Baby], timeZone: TimeZone, redact: Bool) throws {
        let calendar = LifeCalendar(timeZone: timeZone, dayStartMinutes: 0)
        let births = babies.map { calendar.civilDate(of: $0.birthday) }
        let option: String
        switch term {
        case .dueDate(let date): option = "--due-date \(date)"
        case .gestationalAge(let days): option = "--born-at \(days / 7)w\(days % 7)d"
        }
        if Set(births).count > 1 {
            let names = babies.map { BabyName.shown($0.name, redact: redact) }.joined(separator: ", ")
            throw ReportError.badTerm("\(option) is one baby's term (or twins' born the same day), but the babies selected were born on "
                + "different days (\(names)); pick one with --baby")
        }
        for (baby, birth) in zip(babies, births) where AgeCorrection(birthDate: birth, term: term) == nil {
            let days = term.gestationalAgeDays(bornOn: birth)
            throw ReportError.badTerm("\(option) puts \(BabyName.shown(baby.name, redact: redact))'s birth (\(birth)) at "
                + "\(AgeCorrection.weeksAndDays(days)) of gestation; a term from 22w0d to 44w6d is expected")
        }
    }

    /// Streams every table through a new aggregator. Rows are read and decoded on a second thread while
    /// this one aggregates (``LogPipeline``); in each baby's order this thread also reads tables itself,
    /// through a second connection of the snapshot (`StoreReader.sibling()`), taking in the other thread's
    /// logs as they come. It reads the activities (the smallest table) while the other thread reads the
    /// feeds; then it takes the diapers (the cheapest to read and to fold in) and that thread the sleeps,
    /// or either takes both when the other has not reached them (``TableClaims``), so that neither waits
    /// idle while the other reads on alone. Kinds are independent in the aggregator (repeated ids are
    /// found per kind), each table is read whole by one thread in its usual order, and unreadable rows are
    /// listed table by table, so who reads which table does not change the result.
    ///
    /// - Returns: the aggregator, and in each baby's order, how many logs repeated an earlier log's id
    ///   (every log was counted then; the caller reads again in time order when any did).
    static func aggregate(
        reader: StoreReader, babies: [Baby], everyone: Bool, options: AggregationOptions, order: StreamOrder
    ) throws -> (aggregator: Aggregator, repeatedIDs: Int) {
        let selected = Set(babies.map(\.id))
        // In each baby's order a repeated id means reading again, so it is enough to learn at each table's
        // end whether one repeated: the thread that reads a table counts them (`RepeatedIDCounter`), so
        // that the aggregating thread does not. The time order must know at once which log was first.
        let countsRepeats = order == .startTimePerBaby
        let aggregator = Aggregator(babies: babies, options: options,
                                    duplicateCheck: countsRepeats ? .countedByCaller : .fingerprints)
        /// Counted on this thread, or handed over at a table's end by the reading thread.
        var repeatedIDs = 0
        func wanted(_ reference: BabyReference) -> Bool {
            guard let id = reference.babyID else { return true }  // orphans are always reported
            return everyone || selected.contains(id)
        }
        let sibling = order == .startTimePerBaby && reader.hasTable(for: .activity) ? try reader.sibling() : nil
        defer { sibling?.close() }
        let claims = TableClaims()
        let activitiesAlongside = sibling != nil
        try LogPipeline.run(reader, produce: { reader, sink in
            func table(_ kind: LogKind, _ read: (_ send: (LogRecord) throws -> Void) throws -> Void) throws {
                guard claims.take(kind) else { return }  // the other thread reads it
                let rows = try reader.rowCount(of: kind)
                try sink.startTable(kind, rows: rows)
                var ids = RepeatedIDCounter(kind: kind, expected: countsRepeats ? rows : 0)
                try read { log in
                    guard wanted(log.baby) else { return }
                    if countsRepeats { ids.add(log.id) }
                    try sink.send(log)
                }
                try sink.endTable(kind, repeatedIDs: ids.finish())
            }
            try table(.food) { send in try reader.forEachFoodLog(order: order) { try send(.food($0)) } }
            try table(.sleep) { send in try reader.forEachSleepLog(order: order) { try send(.sleep($0)) } }
            try table(.diaper) { send in try reader.forEachDiaperLog(order: order) { try send(.diaper($0)) } }
            if !activitiesAlongside {
                try table(.activity) { send in try reader.forEachActivityLog(order: order) { try send(.activity($0)) } }
            }
        }, alongside: { drain in
            guard let sibling else { return }
            /// Logs this thread handles between two looks at what the other thread sent.
            let drainInterval = 256
            var untilDrain = drainInterval
            func pace() {
                untilDrain -= 1
                if untilDrain == 0 {
                    untilDrain = drainInterval
                    drain()
                }
            }
            /// Reads a table on this thread, unless the other thread reads it: `read` streams it, folds in each
            /// log `take` says is wanted (`take` counts its id), and paces itself.
            func table(_ kind: LogKind, _ read: (_ take: (UUID, BabyReference) -> Bool) throws -> Void) throws {
                guard claims.take(kind) else { return }  // the other thread reads it
                let rows = try sibling.rowCount(of: kind)
                aggregator.beginTable(kind, expectedLogs: rows)
                var ids = RepeatedIDCounter(kind: kind, expected: rows)
                try read { id, baby in
                    guard wanted(baby) else { return false }
                    ids.add(id)
                    return true
                }
                aggregator.finishTable(kind)
                repeatedIDs += ids.finish()
            }
            // Every table in each baby's start order: a log and its double entry (the same minute) then meet
            // whatever order they were saved in. The scans for rows saved late take in the other thread's logs.
            try table(.activity) { take in
                let late = try sibling.lateRows(of: .activity, progressEvery: drainInterval, drain)
                try sibling.forEachActivityLog(order: .startTimePerBaby, lateRows: late) { log in
                    if take(log.id, log.baby) { aggregator.add(log) }
                    pace()
                }
            }
            try table(.diaper) { take in
                let late = try sibling.lateRows(of: .diaper, progressEvery: drainInterval, drain)
                try sibling.forEachDiaperLog(order: .startTimePerBaby, lateRows: late) { log in
                    if take(log.id, log.baby) { aggregator.add(log) }
                    pace()
                }
            }
            try table(.sleep) { take in
                let late = try sibling.lateRows(of: .sleep, progressEvery: drainInterval, drain)
                try sibling.forEachSleepLog(order: .startTimePerBaby, lateRows: late) { log in
                    if take(log.id, log.baby) { aggregator.add(log) }
                    pace()
                }
            }
        }, consume: { item in
            switch item {
            case .startOfTable(let kind, let rows):
                aggregator.beginTable(kind, expectedLogs: rows)
            case .logs(let logs):
                for log in logs { aggregator.add(log) }
            case .endOfTable(let kind, let repeats):
                aggregator.finishTable(kind)
                repeatedIDs += repeats
            }
        })
        if let sibling { reader.adoptUnreadableRows(of: sibling) }
        return (aggregator, repeatedIDs)
    }

    /// A `--today` before a baby's birth date leaves that baby with nothing to report: say so.
    public static func warnAboutToday(_ result: AggregationResult, redact: Bool, warn: (String) -> Void) {
        for baby in result.babies where baby.ageToday.days < 0 {
            warn("\(BabyName.shown(baby.baby.name, redact: redact)) is born on \(baby.birthDate), after the report's today "
                + "(\(result.options.today)); nothing of theirs is counted")
        }
    }

    /// The babies `--baby` picks: by id, by exact name, by name ignoring case and accents, then by the
    /// first 8 or more hex digits of the id (the prefix digest folders carry).
    /// - Parameter redact: name babies by initials and id prefix in the error, as the report would.
    /// - Throws: `ReportError.noSuchBaby` listing the store's babies.
    public static func select(_ wanted: String?, from babies: [Baby], redact: Bool = false) throws -> [Baby] {
        guard let wanted else { return babies }
        if let id = UUID(uuidString: wanted) {
            let matches = babies.filter { $0.id == id }
            if !matches.isEmpty { return matches }
        }
        let exact = babies.filter { $0.name == wanted }
        if !exact.isEmpty { return exact }
        let folded = babies.filter { $0.name.compare(wanted, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
        if !folded.isEmpty { return folded }
        let prefix = wanted.lowercased()
        if prefix.count >= 8, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            let matches = babies.filter { $0.id.uuidString.lowercased().hasPrefix(prefix) }
            if matches.count == 1 { return matches }
        }
        throw ReportError.noSuchBaby(wanted, available: babies.map {
            let id = redact ? BabySlug.idPrefix($0.id) : $0.id.uuidString
            return "\(BabyName.shown($0.name, redact: redact)) (\(id))"
        })
    }
}
