import Foundation
import Concurrency
import DeviceBackup
import IDFingerprints
import ParPairModel

/// What every command reads: the family's phones (one, two or three stores), their babies matched across phones
/// (`BabyMatching`), and their logs merged as they stream, the same event logged on several phones counted once
/// (`CopyMatcher`, `CrossPhoneRule`).
///
/// Phones are ordered by identity (a backup's UDID, a store's `NSStoreUUID`), never by the order or spelling they
/// were named in, so babies' ids, the merged order and which copy counts depend on neither. Every phone's tables are
/// read by one phone reader (`read`), each in its babies' start order: several phones side by side, merged, so memory
/// holds one window of logs, not the logs; a family of one with nothing to merge (`readOnePhone`).
public final class FamilySource: LogSource {
    /// A family is read from at most this many phones.
    public static let maximumPhones = 8

    public let phones: [Phone]
    public let babies: [Baby]
    public var storeName: String { readers[0].storeName }
    /// The backup whose phone settles what the phones decide (zone, language, units, paper): the first phone's, in the
    /// family's order, that was read from a backup.
    public var origin: BackupOrigin? { phones.lazy.compactMap(\.origin).first }
    public var origins: [BackupOrigin] { phones.compactMap(\.origin) }
    public var warn: @Sendable (String) -> Void { readers[0].warn }
    public var unreadableRows: [UnreadableRow] { readers.flatMap(\.unreadableRows) }
    /// Which babies were matched across phones, and whose phones disagree on the birth time, one sentence each.
    public let matchNotes: [MatchNote]
    /// The device names of the other phones whose backups are in a folder a phone was picked from (`--device`): a
    /// report of fewer phones than the folder holds says so, since a family's logs are split over its phones.
    public private(set) var phonesLeftOut: [String] = []

    /// The phones' readers, in the family's order of phones.
    let readers: [StoreReader]
    /// For each phone, its babies' ids that the family knows by another phone's id.
    let renamedIDs: [[UUID: UUID]]

    /// A family of the readers given (closed by their owner afterwards), each named as its request named it.
    /// - Parameter timeZone: the zone in which babies' birthdays are compared.
    /// - Throws: `FamilyError` (the same phone twice, twins of one name).
    public init(readers: [StoreReader], requests: [StoreRequest]? = nil, timeZone: TimeZone) throws {
        precondition(!readers.isEmpty, "a family has at least one phone")
        guard readers.count <= Self.maximumPhones else { throw FamilyError.tooManyPhones(readers.count) }
        let named = zip(readers, requests ?? readers.map { StoreRequest(path: $0.location.requestedPath) }).map { reader, request in
            (reader: reader, phone: Phone(reader, spelling: request))
        }
        for (index, one) in named.enumerated() {
            guard let other = named[..<index].first(where: { $0.phone.identity == one.phone.identity }) else { continue }
            var newer: String?
            if let a = other.phone.origin, let b = one.phone.origin, a.backupPath != b.backupPath, let dateA = a.date, let dateB = b.date,
               dateA != dateB {
                newer = dateA > dateB ? other.phone.spelling : one.phone.spelling
            }
            throw FamilyError.samePhoneTwice(other.phone.spelling, one.phone.spelling, newer: newer)
        }
        let sorted = named.sorted { $0.phone.identity < $1.phone.identity }
        var phones = sorted.map(\.phone)
        // Two phones of one name are told apart by the start of their identity.
        let names = Dictionary(grouping: phones.indices, by: { phones[$0].name })
        for (_, indices) in names where indices.count > 1 {
            for index in indices { phones[index].name += " (\(phones[index].identity.split(separator: " ").last?.prefix(8) ?? ""))" }
        }
        self.phones = phones
        self.readers = sorted.map(\.reader)
        let matching = try BabyMatching(phones: zip(phones, self.readers).map { ($0.name, $1.babies) }, timeZone: timeZone)
        babies = self.readers.count == 1 ? self.readers[0].babies : matching.babies
        renamedIDs = matching.renamedIDs
        matchNotes = matching.notes
    }

    /// Opens every request as one family and hands it to `body`; every store is closed afterwards, also when `body`
    /// throws.
    public static func withSource<Result>(
        _ requests: [StoreRequest], timeZone: TimeZone, scratchDirectory: String? = nil, columns: StoreReader.LogColumns = .all,
        _ body: (FamilySource) throws -> Result
    ) throws -> Result {
        precondition(!requests.isEmpty, "at least one store")
        guard requests.count <= maximumPhones else { throw FamilyError.tooManyPhones(requests.count) }
        var readers: [StoreReader] = []
        defer { for reader in readers { reader.close() } }
        for request in requests {
            readers.append(try StoreReader(request, scratchDirectory: scratchDirectory, columns: columns))
        }
        let family = try FamilySource(readers: readers, requests: requests, timeZone: timeZone)
        family.phonesLeftOut = otherDevices(besides: family.phones, in: requests.filter { $0.device != nil }.map(\.path))
        return try body(family)
    }

    /// The family of one phone at `path` (a store or a backup), handed to `body` and closed afterwards. One phone has
    /// no babies to match across phones, so no zone to compare their birthdays in.
    public static func withSource<Result>(path: String, _ body: (FamilySource) throws -> Result) throws -> Result {
        try withSource([StoreRequest(path: path)], timeZone: .gmt, body)
    }

    /// The device names of backups in `folders` of devices other than `phones`, each once, sorted.
    static func otherDevices(besides phones: [Phone], in folders: [String]) -> [String] {
        let read = Set(phones.compactMap { $0.origin?.udid.lowercased() })
        var names: [String: String] = [:]
        for folder in Set(folders) {
            for path in DeviceBackup.backups(in: folder) {
                guard let backup = try? DeviceBackup(path: path), !read.contains(backup.udid.lowercased()) else { continue }
                names[backup.udid.lowercased()] = backup.deviceName
            }
        }
        return names.values.sorted()
    }

    // MARK: LogSource

    public func close() {
        for reader in readers { reader.close() }
    }

    /// One path for one phone or several: every phone's tables merged in start order and matched on a second thread
    /// (`mergedAndMatched`), handed to `body` on this one in batches; a family too small to pay for a thread, on this
    /// thread alone.
    public func streamLogs(_ body: (FamilyLog) -> Void) throws {
        let rows = try readers.reduce(0) { $0 + (try $1.logRows()) }
        guard rows >= StoreReader.rowsWorthASecondThread else { return try mergedAndMatched { body($0) } }
        try produceOnASecondThread({ (batch: [FamilyLog]) in for index in batch.indices { body(batch[index]) } }, produce: { family, channel in
            var batch: [FamilyLog] = []
            batch.reserveCapacity(1024)
            try family.mergedAndMatched { log in
                batch.append(log)
                guard batch.count == 1024 else { return }
                try channel.send(batch)
                batch.removeAll(keepingCapacity: true)
            }
            if !batch.isEmpty { try channel.send(batch) }
        })
    }

    /// Every log of every phone, merged in start order (`merged`), each with the log that counts in its place when it
    /// is another phone's copy (`CopyMatcher`; one phone has no copies to find).
    private func mergedAndMatched(_ deliver: (consuming FamilyLog) throws -> Void) throws {
        guard readers.count > 1 else { return try merged(LogKind.allCases) { try deliver(FamilyLog($0)) } }
        try matched(LogKind.allCases) { try deliver(FamilyLog($0, copyOf: $1)) }
    }

    /// Every phone's logs of `kinds` in the merged start order (`merged`), each handed to `deliver` once the copy
    /// matcher has settled it, with the id of the log that counts in its place when it is a copy.
    private func matched(_ kinds: [LogKind], _ deliver: (PhoneLog, _ copyOf: UUID?) throws -> Void) throws {
        var matcher = CopyMatcher<PhoneLog>()
        try merged(kinds) { log in
            while let (settled, copyOf) = matcher.settled(before: log.start) { try deliver(settled, copyOf) }
            matcher.add(log)
        }
        while let (settled, copyOf) = matcher.settled(before: .infinity) { try deliver(settled, copyOf) }
    }

    public func readTables(
        order: StreamOrder, wanted: @escaping @Sendable (BabyReference) -> Bool, countingRepeatedIDs countsRepeats: Bool,
        into sink: some LogSink
    ) throws -> Int {
        if order != .startTime {
            return readers.count == 1 ? try readOnePhone(wanted: wanted, countingRepeatedIDs: countsRepeats, into: sink)
                : try mergeOnThisThread(wanted: wanted, countingRepeatedIDs: countsRepeats, into: sink)
        }
        // In time order (a second pass, see `StoreAggregation`) the phones are read, merged and matched on a second
        // thread while this one folds the logs into `sink`.
        var folded = HandoverFold(sink: sink)
        try produceOnASecondThread({ folded.take($0) }, produce: { family, channel in
            try family.handOverInTimeOrder(wanted: wanted, countingRepeatedIDs: countsRepeats, to: channel)
        })
        return folded.repeatedIDs
    }

    /// The phones' tables in each baby's order, each phone read on a thread of its own (`withPhoneStreams`), merged and
    /// matched per baby on this thread and folded into `sink` as they come: the phones' threads keep what `wanted`
    /// refuses out of their batches, and the logs are not handed on again.
    private func mergeOnThisThread(
        wanted: @escaping @Sendable (BabyReference) -> Bool, countingRepeatedIDs countsRepeats: Bool, into sink: some LogSink
    ) throws -> Int {
        // Counted before the phones' threads start: from then on only they use their readers.
        let rows = try LogKind.allCases.map { kind in try readers.reduce(0) { $0 + (try $1.rowCount(of: kind)) } }
        // The smallest table first: no log of a table comes before each phone has scanned it for late rows, and this
        // thread has nothing else to do until then.
        let kinds = LogKind.allCases.sorted { (rows[$0.index], $0.index) < (rows[$1.index], $1.index) }
        var folded = HandoverFold(sink: sink)
        var repeatedIDs = 0
        try withPhoneStreams(kinds, wanted: wanted) { streams in
            for kind in kinds {
                sink.beginTable(kind, expectedLogs: rows[kind.index])
                var ids = RepeatedIDCounter(kind: kind, expected: countsRepeats ? rows[kind.index] : 0)
                try mergedPerBaby(kind, from: streams) { handle, copyOf in
                    if let copyOf { return sink.addCopy(FamilyLog(PhoneLog(handle.record, phone: handle.phone), copyOf: copyOf)) }
                    let batch = handle.batch
                    let id = folded.add(batch.records[handle.index], phone: batch.phone)
                    if countsRepeats { ids.add(id) }
                }
                sink.finishTable(kind)
                repeatedIDs += ids.finish()
            }
        }
        return repeatedIDs
    }

    /// Runs `produce` on a second thread, this family lent to it, and hands each item it sends to `consume` on this
    /// one, until it returns or throws; a `consume` that fails stops it at its next hand-over.
    private func produceOnASecondThread<Item: Sendable>(
        _ consume: (Item) -> Void, produce: sending @escaping (FamilySource, Channel<Item>) throws -> Void
    ) throws {
        let channel = Channel<Item>(capacity: 8)
        var family = self
        try Concurrently.run({ _ in
            defer { channel.close() }
            while let item = try channel.receive() { consume(item) }
        }, lending: &family, to: { family, _ in
            do {
                try produce(family, channel)
                channel.finish()
            } catch {
                channel.finish(throwing: error)
            }
        })
    }

    /// What the reading thread hands the folding one, in time order.
    enum Handover: Sendable {
        case begin(LogKind, rows: Int)
        case logs([FamilyLog])
        case end(LogKind, repeatedIDs: Int)
    }

    /// Folds logs into a sink, telling it the phone of each run of logs: what the reading thread hands over (`take`),
    /// or logs one by one (`add`).
    struct HandoverFold {
        let sink: any LogSink
        private var phone = -1
        /// The repeated ids the reading thread counted, table by table.
        private(set) var repeatedIDs = 0

        init(sink: any LogSink) { self.sink = sink }

        mutating func take(_ item: Handover) {
            switch item {
            case .begin(let kind, let rows):
                sink.beginTable(kind, expectedLogs: rows)
            case .logs(let logs):
                for log in logs {
                    guard log.copyOf == nil else {
                        sink.addCopy(log)
                        continue
                    }
                    add(log.record, phone: log.log.phone)
                }
            case .end(let kind, let repeats):
                sink.finishTable(kind)
                repeatedIDs += repeats
            }
        }

        /// Folds in a log of `logPhone`; returns its id, read where the log is taken apart anyway.
        @discardableResult
        mutating func add(_ record: borrowing LogRecord, phone logPhone: Int) -> UUID {
            if logPhone != phone {
                phone = logPhone
                sink.setPhone(phone)
            }
            switch record {
            case .food(let food):
                sink.add(food)
                return food.id
            case .sleep(let sleep):
                sink.add(sleep)
                return sleep.id
            case .diaper(let diaper):
                sink.add(diaper)
                return diaper.id
            case .activity(let activity):
                sink.add(activity)
                return activity.id
            }
        }
    }

    /// Reads every table of every phone in one start order, merged and matched, into `channel` in batches (on the
    /// reading thread), counting repeated ids of the logs that count.
    private func handOverInTimeOrder(
        wanted: @escaping @Sendable (BabyReference) -> Bool, countingRepeatedIDs countsRepeats: Bool, to channel: Channel<Handover>
    ) throws {
        let batchSize = 1024
        for kind in LogKind.allCases {
            let rows = try readers.reduce(0) { $0 + (try $1.rowCount(of: kind)) }
            try channel.send(.begin(kind, rows: rows))
            var ids = RepeatedIDCounter(kind: kind, expected: countsRepeats ? rows : 0)
            var batch: [FamilyLog] = []
            batch.reserveCapacity(batchSize)
            try matched([kind]) { log, copyOf in
                guard wanted(log.record.baby) else { return }
                if countsRepeats, copyOf == nil { ids.add(log.record.id) }
                batch.append(FamilyLog(log, copyOf: copyOf))
                guard batch.count == batchSize else { return }
                try channel.send(.logs(batch))
                batch.removeAll(keepingCapacity: true)
            }
            if !batch.isEmpty { try channel.send(.logs(batch)) }
            try channel.send(.end(kind, repeatedIDs: ids.finish()))
        }
    }

    // MARK: Merging

    /// Every phone's logs of `kinds`, each table read in start order, merged by start, then kind, then phone, then
    /// row, each log given the family's id of its baby.
    private func merged(_ kinds: [LogKind], _ body: (PhoneLog) throws -> Void) throws {
        struct Stream {
            let cursor: LogCursor
            let reader: StoreReader
            let phone: Int
            /// The next log, and its start as the merge orders it.
            private(set) var head: LogCursor.Head?
            private(set) var start = Double.infinity

            init(cursor: LogCursor, reader: StoreReader, phone: Int) throws {
                (self.cursor, self.reader, self.phone) = (cursor, reader, phone)
                try advance()
            }

            /// Reads the next log into `head`.
            mutating func advance() throws {
                let cursor = cursor
                head = try reader.readingSQLite { try cursor.next() }
                start = head.map { CrossPhoneRule.time($0.start) } ?? .infinity
            }

            /// Whether its next log goes before `other`'s: by start, then kind, then phone, then row.
            func precedes(_ other: Stream) -> Bool {
                if start != other.start { return start < other.start }
                return (cursor.kind.index, phone, head?.rowID ?? 0) < (other.cursor.kind.index, other.phone, other.head?.rowID ?? 0)
            }
        }
        var streams: [Stream] = []
        defer { for stream in streams { stream.reader.finishStream(stream.cursor.kind) } }
        for (phone, reader) in readers.enumerated() {
            for kind in kinds {
                guard let cursor = try reader.makeCursor(kind) else { continue }
                do {
                    streams.append(try Stream(cursor: cursor, reader: reader, phone: phone))
                } catch {
                    reader.finishStream(kind)
                    throw error
                }
            }
        }
        while true {
            var best: Int?
            for index in streams.indices where streams[index].head != nil {
                if let current = best, !streams[index].precedes(streams[current]) { continue }
                best = index
            }
            guard let chosen = best, let head = streams[chosen].head else { return }
            let phone = streams[chosen].phone
            if !renamedIDs[phone].isEmpty, let id = head.record.baby.babyID, let family = renamedIDs[phone][id] {
                var record = head.record
                record.reassign(to: .baby(id: family))
                try body(PhoneLog(record, phone: phone))
            } else {
                try body(PhoneLog(head.record, phone: phone))
            }
            try streams[chosen].advance()
        }
    }
}
