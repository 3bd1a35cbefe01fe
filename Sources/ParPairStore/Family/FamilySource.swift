import Foundation
import ParPairModel

/// Several phones' stores read as one family: the babies matched across phones (`BabyMatching`), the logs
/// merged before anything is counted, and the same event logged on two phones counted once (`CrossPhoneRule`).
///
/// Phones are sorted by UDID, device name and path, so the babies' ids, the merged order and which of two
/// double entries counts never depend on the order the stores were named. The merged logs are held in memory
/// (a family's phones hold thousands of logs, not millions); a single store is read by `StoreReader` alone and
/// streams as before. Each table is handed over in start order (then phone, then row), which is the order
/// every `StreamOrder` asks for.
public final class FamilySource: LogSource {
    /// One phone of the family.
    public struct Phone: Sendable, Hashable {
        /// The device name (`Dad’s iPhone`), or the store's path when it was not read from a backup.
        public var name: String
        public var origin: BackupOrigin?
    }

    public let phones: [Phone]
    public let babies: [Baby]
    public let storeName: String
    public var origin: BackupOrigin? { phones.first?.origin }
    public var origins: [BackupOrigin] { phones.compactMap(\.origin) }
    public let warn: @Sendable (String) -> Void
    public let unreadableRows: [UnreadableRow]
    /// Each double entry once: the log that counts and the one left out, with their phones.
    public let crossPhoneDuplicates: [CrossPhoneDuplicate]
    /// Which babies were matched across phones, one sentence each.
    public let matchNotes: [String]

    private struct Entry {
        var record: LogRecord
        var phone: Int
    }
    /// The logs that count, by kind (`LogKind.index`), each in start order, then phone, then row.
    private let tables: [[Entry]]
    /// The phones' stores, all read by `init`.
    private let readers: [StoreReader]

    /// Reads every log of `readers` (each closed by its owner afterwards).
    /// - Parameter timeZone: the zone in which babies' birthdays are compared.
    /// - Throws: `FamilyError`, `StoreError` while reading.
    public init(readers: [StoreReader], timeZone: TimeZone) throws {
        precondition(!readers.isEmpty, "a family has at least one phone")
        let order = readers.indices.sorted { Self.sortKey(readers[$0]) < Self.sortKey(readers[$1]) }
        let sorted = order.map { readers[$0] }
        self.readers = readers
        var phones = sorted.map { Phone(name: $0.origin?.deviceName ?? $0.location.storeFile, origin: $0.origin) }
        // Two phones of one name are told apart by their UDIDs.
        for index in phones.indices where phones.filter({ $0.name == phones[index].name }).count > 1 {
            guard let udid = phones[index].origin?.udid else { throw FamilyError.samePhoneTwice(phones[index].name) }
            if phones[..<index].contains(where: { $0.origin?.udid == udid }) { throw FamilyError.samePhoneTwice(phones[index].name) }
            phones[index].name += " (\(udid.prefix(8)))"
        }
        self.phones = phones
        let matching = try BabyMatching(phones: zip(phones, sorted).map { ($0.name, $1.babies) }, timeZone: timeZone)
        babies = matching.babies
        matchNotes = matching.notes
        storeName = sorted[0].storeName
        warn = sorted[0].warn

        var tables: [[Entry]] = Array(repeating: [], count: LogKind.allCases.count)
        for (phone, reader) in sorted.enumerated() {
            let renamed = matching.renamedIDs[phone]
            func add(_ record: LogRecord) {
                var record = record
                if let id = record.baby.babyID, let family = renamed[id] { record.reassign(to: .baby(id: family)) }
                tables[record.kind.index].append(Entry(record: record, phone: phone))
            }
            try reader.forEachFoodLog { add(.food($0)) }
            try reader.forEachSleepLog { add(.sleep($0)) }
            try reader.forEachDiaperLog { add(.diaper($0)) }
            try reader.forEachActivityLog { add(.activity($0)) }
        }
        unreadableRows = sorted.flatMap { $0.unreadableRows }
        var duplicates: [CrossPhoneDuplicate] = []
        self.tables = tables.map { entries in
            let ordered = entries.sorted { Self.precedes($0, $1) }
            return Self.countingOnce(ordered, phones: phones, duplicates: &duplicates)
        }
        crossPhoneDuplicates = duplicates.sorted { Self.time($0.dropped.start) < Self.time($1.dropped.start) }
    }

    /// Opens every request and hands `body` one source: the store itself for one request, a `FamilySource` for several.
    /// Every reader is closed afterwards, also when `body` throws.
    public static func withSource<Result>(
        _ requests: [StoreRequest], timeZone: TimeZone, scratchDirectory: String? = nil, columns: StoreReader.LogColumns = .all,
        note: (String) -> Void = { _ in }, _ body: (any LogSource) throws -> Result
    ) throws -> Result {
        precondition(!requests.isEmpty, "at least one store")
        if requests.count == 1 { return try StoreReader.withReader(requests[0], scratchDirectory: scratchDirectory, columns: columns, body) }
        var readers: [StoreReader] = []
        defer { for reader in readers { reader.close() } }
        for request in requests {
            readers.append(try StoreReader(request, scratchDirectory: scratchDirectory, columns: columns))
        }
        let family = try FamilySource(readers: readers, timeZone: timeZone)
        for line in family.matchNotes { note("matched across phones: " + line) }
        return try body(family)
    }

    /// How a phone is shown: its name, or with names redacted `phone 1`, `phone 2`, … in the family's order.
    public func shownName(_ name: String, redact: Bool) -> String {
        guard redact else { return name }
        return phones.firstIndex { $0.name == name }.map { "phone \($0 + 1)" } ?? "phone"
    }

    // MARK: LogSource

    public func close() {
        for reader in readers { reader.close() }
    }

    public func streamLogs(_ body: (LogRecord) -> Void) throws {
        var positions = Array(repeating: 0, count: tables.count)
        while true {
            var best: Int?
            for kind in tables.indices where positions[kind] < tables[kind].count {
                guard let current = best else { best = kind; continue }
                // Kinds in order, so only a strictly earlier start displaces the best.
                if Self.time(tables[kind][positions[kind]].record.start) < Self.time(tables[current][positions[current]].record.start) {
                    best = kind
                }
            }
            guard let kind = best else { return }
            body(tables[kind][positions[kind]].record)
            positions[kind] += 1
        }
    }

    public func readTables(
        order: StreamOrder, wanted: @escaping @Sendable (BabyReference) -> Bool, countingRepeatedIDs: Bool, into sink: some LogSink
    ) throws -> Int {
        var repeated = 0
        for kind in LogKind.allCases {
            let entries = tables[kind.index]
            sink.beginTable(kind, expectedLogs: entries.count)
            var seen: Set<UUID> = []
            for entry in entries where wanted(entry.record.baby) {
                if countingRepeatedIDs, !seen.insert(entry.record.id).inserted { repeated += 1 }
                switch entry.record {
                case .food(let log): sink.add(log)
                case .sleep(let log): sink.add(log)
                case .diaper(let log): sink.add(log)
                case .activity(let log): sink.add(log)
                }
            }
            sink.finishTable(kind)
        }
        return repeated
    }

    /// The phone each log of the stream came from, by kind and id; nil for a log no phone holds.
    public func phone(of record: LogRecord) -> String? { phone(of: record.kind, id: record.id) }

    /// The phone a counted log of this kind and id came from; nil for none.
    public func phone(of kind: LogKind, id: UUID) -> String? {
        phoneByLog[kind.index][id].map { phones[$0].name }
    }

    private lazy var phoneByLog: [[UUID: Int]] = tables.map { entries in
        Dictionary(entries.map { ($0.record.id, $0.phone) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Merging

    /// The entries that count, in order; each one left out (the later of a double entry) goes to `duplicates`.
    private static func countingOnce(_ entries: [Entry], phones: [Phone], duplicates: inout [CrossPhoneDuplicate]) -> [Entry] {
        var kept: [Entry] = []
        /// Indices into `kept` of logs that may still match a later one (within the window, or a sleep not yet ended).
        var recent: [Int] = []
        var paired: Set<Int> = []
        for entry in entries {
            let start = time(entry.record.start)
            recent.removeAll { index in
                let other = kept[index].record
                let reach = max(time(other.end ?? other.start), time(other.start) + CrossPhoneRule.window)
                return reach < start
            }
            if let match = recent.first(where: { index in
                !paired.contains(index) && kept[index].phone != entry.phone && CrossPhoneRule.sameEvent(kept[index].record, entry.record)
            }) {
                paired.insert(match)
                duplicates.append(CrossPhoneDuplicate(kept: kept[match].record, keptPhone: phones[kept[match].phone].name,
                                                      dropped: entry.record, droppedPhone: phones[entry.phone].name))
                continue
            }
            kept.append(entry)
            recent.append(kept.count - 1)
        }
        return kept
    }

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        let (x, y) = (time(a.record.start), time(b.record.start))
        if x != y { return x < y }
        if a.phone != b.phone { return a.phone < b.phone }
        return a.record.rowID < b.record.rowID
    }

    /// Seconds, with a time that is not a number first.
    private static func time(_ date: Date) -> Double {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isNaN ? -.infinity : seconds
    }

    private static func sortKey(_ reader: StoreReader) -> String {
        [reader.origin?.udid ?? "", reader.origin?.deviceName ?? "", reader.origin?.backupPath ?? reader.location.storeFile]
            .joined(separator: "\u{0}")
    }
}
