import Foundation
import ParPairAggregation
import ParPairModel
import ParPairStore

/// Streams a store through the aggregator: one pass per table, memory bounded by the number of days.
public enum StoreAggregation {
    /// Aggregates the babies of an open store.
    /// - Parameters:
    ///   - source: an open store.
    ///   - options: time zone, today, units, windows.
    ///   - baby: `--baby`: a name (exact, then ignoring case) or an id; nil for every baby.
    /// - Throws: `ReportError.noSuchBaby`, `StoreError` while reading, `AggregationError`.
    public static func run(
        source: some LogSource, options: AggregationOptions, baby: String? = nil, redact: Bool = false
    ) throws -> AggregationResult {
        let babies = try select(baby, from: source.babies, redact: redact)
        var options = options
        options.fewerPhonesFrom = AggregationOptions.fewerPhonesFrom(source.origins, phones: source.phones.count)
        if let term = options.birthTerm {
            try check(term, for: babies, timeZone: options.timeZone, redact: redact)
        } else if !options.namedTerms.isEmpty {
            options.babyTerms = try resolve(options.namedTerms, among: source.babies, timeZone: options.timeZone, redact: redact)
        }
        // Each baby's logs in start order is all the aggregator needs, and cheaper to read than a
        // sorted table. Only a repeated log id can tell the two orders apart (the first log read with
        // an id counts, and babies interleave differently), so then, and when a row does not decode
        // (to report the same row as before), the tables are read again in time order.
        do {
            let (aggregator, repeatedIDs) = try aggregate(source: source, babies: babies, everyone: baby == nil, options: options,
                                                          order: .startTimePerBaby)
            if repeatedIDs == 0 { return withPhones(withUnreadableRows(try aggregator.finish(), source), source, redact: redact) }
        } catch is StoreError {
            // Read again below, in time order, so the error names the row it always named.
        } catch is AggregationError {
            // Cannot happen with rows in each baby's start order; the time order settles it anyway.
        }
        return withPhones(withUnreadableRows(
            try aggregate(source: source, babies: babies, everyone: baby == nil, options: options, order: .startTime).aggregator
                .finish(),
            source), source, redact: redact)
    }

    /// Read from several phones, every finding about a log says which phone holds it (`phone 1`, `phone 2` with
    /// names redacted). One store: unchanged.
    static func withPhones(_ result: AggregationResult, _ source: some LogSource, redact: Bool) -> AggregationResult {
        let phones = source.phones
        guard phones.count > 1 else { return result }
        var result = result
        func naming(_ finding: inout Finding) {
            guard let phone = finding.phone, phones.indices.contains(phone) else { return }
            let name = source.shownName(ofPhone: phone, redact: redact)
            finding.message = FindingMessage("finding_on_phone", ["reason": .message(finding.message), "phone": .text(name)])
        }
        for index in result.babies.indices {
            for position in result.babies[index].findings.indices { naming(&result.babies[index].findings[position]) }
        }
        for position in result.storeFindings.indices { naming(&result.storeFindings[position]) }
        return result
    }

    /// The rows that did not decode, as findings of the store (with the orphans): counted nowhere, listed.
    static func withUnreadableRows(_ result: AggregationResult, _ source: some LogSource) -> AggregationResult {
        var result = result
        result.storeFindings += source.unreadableRows.map { row in
            Finding(rule: .unreadableRow, kind: row.kind, logID: row.id ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                    rowID: row.rowID, time: Date(timeIntervalSinceReferenceDate: 0), localTime: "",
                    message: FindingMessage("finding_unreadable", ["reason": .text(row.reason)]))
        }
        return result
    }

    /// Each baby's own term (a family file's `[baby NAME]`), by id: the name must be one baby's of the store (every
    /// baby read, not only those selected) and the term must put that baby's birth at 22 to 44 weeks of gestation.
    /// - Throws: `ReportError.badTerm` naming where the term was given.
    static func resolve(_ terms: [NamedBirthTerm], among babies: [Baby], timeZone: TimeZone, redact: Bool) throws -> [UUID: BirthTerm] {
        var resolved: [UUID: BirthTerm] = [:]
        for named in terms {
            let matches: [Baby]
            do { matches = try select(named.baby, from: babies, redact: redact) } catch let error as ReportError {
                guard case .noSuchBaby(_, let available) = error else { throw error }
                throw ReportError.badTerm("\(named.origin): [baby \(named.baby)] is no baby of the store; the store's babies are "
                    + available.joined(separator: ", "))
            }
            guard matches.count == 1, let baby = matches.first else {
                throw ReportError.badTerm("\(named.origin): [baby \(named.baby)] names \(matches.count) babies of the store; name one by its id ("
                    + matches.map(\.id.uuidString).joined(separator: ", ") + ")")
            }
            try check(named.term, for: [baby], timeZone: timeZone, redact: redact, given: named.origin)
            resolved[baby.id] = named.term
        }
        return resolved
    }

    /// A term (`--due-date`, `--born-at`) belongs to one baby, or to twins born the same day, and must put the
    /// birth at 22 to 44 weeks of gestation.
    /// - Throws: `ReportError.badTerm`.
    /// - Parameter given: where the term was given, when not on the command line (`family:12`).
    static func check(_ term: BirthTerm, for babies: [Baby], timeZone: TimeZone, redact: Bool, given: String? = nil) throws {
        let calendar = LifeCalendar(timeZone: timeZone, dayStartMinutes: 0)
        let births = babies.map { calendar.civilDate(of: $0.birthday) }
        var option: String
        switch term {
        case .dueDate(let date): option = "--due-date \(date)"
        case .gestationalAge(let days): option = "--born-at \(days / 7)w\(days % 7)d"
        }
        if let given { option = given + ": " + option.dropFirst(2).replacingOccurrences(of: " ", with: " = ") }
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

    /// Streams every table through a new aggregator (`LogSource.readTables`). Kinds are independent in the
    /// aggregator (repeated ids are found per kind), so the order in which the source hands over its tables
    /// does not change the result.
    ///
    /// - Returns: the aggregator, and in each baby's order, how many logs repeated an earlier log's id
    ///   (every log was counted then; the caller reads again in time order when any did).
    static func aggregate(
        source: some LogSource, babies: [Baby], everyone: Bool, options: AggregationOptions, order: StreamOrder
    ) throws -> (aggregator: Aggregator, repeatedIDs: Int) {
        let selected = Set(babies.map(\.id))
        // In each baby's order a repeated id means reading again, so it is enough to learn at each table's
        // end whether one repeated: the source counts them. The time order must know at once which log was
        // first, so the aggregator finds them itself.
        let countsRepeats = order == .startTimePerBaby
        let aggregator = Aggregator(babies: babies, options: options,
                                    duplicateCheck: countsRepeats ? .countedByCaller : .fingerprints)
        let repeatedIDs = try source.readTables(order: order, wanted: { reference in
            guard let id = reference.babyID else { return true }  // orphans are always reported
            return everyone || selected.contains(id)
        }, countingRepeatedIDs: countsRepeats, into: aggregator)
        return (aggregator, repeatedIDs)
    }

    /// A `--today` before a baby's birth date leaves that baby with nothing to report: say so.
    public static func warnAboutToday(_ result: AggregationResult, redact: Bool, warn: (String) -> Void) {
        for baby in result.babies where baby.ageToday.days < 0 {
            warn("\(BabyName.shown(baby.baby.name, redact: redact)) is born on \(baby.birthDate), after the report's today "
                + "(\(result.options.today)); nothing of theirs is counted")
        }
    }

    /// One warning when a given `--today` lies after the clock's date or after the date of the backup read: the days
    /// after the last log then read "nothing logged", and the warning names that log.
    /// - Parameters:
    ///   - backupDate: when the backup read was made; nil for a store read directly.
    public static func warnAboutLateToday(_ result: AggregationResult, now: Date, backupDate: Date?, warn: (String) -> Void) {
        let options = result.options
        let clock = options.civilDate(of: now)
        let backup = backupDate.map { options.civilDate(of: $0) }
        let after: String
        if options.today > clock {
            after = "after the clock's date (\(clock))"
        } else if let backup, options.today > backup {
            after = "after the backup's date (\(backup))"
        } else {
            return
        }
        let calendar = LifeCalendar(timeZone: options.timeZone)
        let last = result.babies.compactMap(\.lastLogTime).max()
        warn("--today \(options.today) is \(after); "
            + (last.map { "the last log is from \(calendar.iso8601($0)), and the days after it read \"nothing logged\"" }
                ?? "no log counts up to it"))
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
            let id = redact ? $0.id.idPrefix : $0.id.uuidString
            return "\(BabyName.shown($0.name, redact: redact)) (\(id))"
        })
    }
}

extension Aggregator: LogSink {
    public func addCopy(_ copy: FamilyLog) { addCopy(copy.record) }
}

extension AggregationOptions {
    /// The earliest last backup of a family's phones, when every one of several phones was read from a backup with a
    /// date: after it, fewer phones hold the logs. Nil for one phone, or when a phone's store has no backup date.
    static func fewerPhonesFrom(_ origins: [BackupOrigin], phones: Int) -> Date? {
        guard phones > 1, origins.count == phones else { return nil }
        let dates = origins.compactMap(\.date)
        return dates.count == phones ? dates.min() : nil
    }
}
