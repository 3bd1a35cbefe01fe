import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairStore

/// Aggregates synthetic logs, or the logs of a store, and prints time and peak memory.
///
///     swift run -c release parpair-bench aggregate                  # both sizes, each in its own process
///     swift run -c release parpair-bench aggregate --logs 1000000   # one size in this process
///     swift run -c release parpair-bench aggregate --store STORE [--tz ZONE] [--today YYYY-MM-DD]
///
/// Options: `--logs N` (default: run 100,000 and 1,000,000 in child processes), `--babies B` (10),
/// `--days D` (730), `--duplicates fingerprints|known` (both when running children).
///
/// With `--store`, the store is read twice through `StoreReader`, in the orders the report uses
/// (food and sleep in each baby's start order, diapers and activities as stored): once decoding
/// only, once through `StoreAggregation` as every command does (rows decoded on one thread and
/// folded into an `Aggregator` on another), so "aggregate s" is what aggregating adds to reading
/// (snapshot copy included in both). Zone and today default to UTC and 2026-11-20, the sample's last day.
///
/// Logs are generated on the fly, in the reader's order (one table after the other, each by start time,
/// babies interleaved), so the generator holds no logs and the peak memory is the aggregator's. The
/// same generator runs once alone first; aggregation time = generate-and-aggregate time − generate time.
/// Both sizes span the same babies and days, so they have the same number of weeks: the memory
/// difference between them is what grows with the number of logs.
enum AggregationBenchmark {
    static func run(_ arguments: [String]) {
        var logs: Int?
        var babies = 10
        var days = 730
        var duplicates: String?
        var store: String?
        var zone = TimeZone(identifier: "UTC") ?? .current
        var today = CivilDate(year: 2026, month: 11, day: 20)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "--logs": logs = value.flatMap(Int.init)
            case "--babies": babies = value.flatMap(Int.init) ?? babies
            case "--days": days = value.flatMap(Int.init) ?? days
            case "--duplicates": duplicates = value
            case "--store": store = value
            case "--tz":
                guard let value, let named = TimeZone(identifier: value) else {
                    print("parpair-bench aggregate: --tz needs a time zone identifier")
                    exit(64)
                }
                zone = named
            case "--today":
                guard let value, let date = CivilDate(iso: value) else {
                    print("parpair-bench aggregate: --today needs YYYY-MM-DD")
                    exit(64)
                }
                today = date
            case "--help":
                print("usage: parpair-bench aggregate [--logs N] [--babies B] [--days D] [--duplicates fingerprints|known]")
                print("       parpair-bench aggregate --store STORE [--tz ZONE] [--today YYYY-MM-DD]")
                return
            default:
                print("parpair-bench aggregate: unknown option \(argument) (see --help)")
                exit(64)
            }
            index += 2
        }
        if let store {
            measure(store: store, zone: zone, today: today)
            return
        }
        guard babies >= 1, days >= 7, duplicates == nil || ["fingerprints", "known"].contains(duplicates!) else {
            print("parpair-bench aggregate: --babies ≥ 1, --days ≥ 7, --duplicates fingerprints|known")
            exit(64)
        }
        if let logs {
            measure(logs: logs, babies: babies, days: days, knownDuplicates: duplicates == "known")
        } else {
            runChildren(babies: babies, days: days, modes: duplicates.map { [$0] } ?? ["known", "fingerprints"])
        }
    }

    /// Runs each size and mode in a fresh process so their peak memory is comparable.
    static func runChildren(babies: Int, days: Int, modes: [String]) {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        // Written unbuffered, so it comes before the children's lines.
        FileHandle.standardOutput.write(Data((
            "aggregating synthetic logs: \(babies) babies over \(days) days, each size in its own process\n"
                + "logs       duplicates    generate s  aggregate s  logs/s      weeks  peak RSS MB  before MB\n"
        ).utf8))
        for mode in modes {
            for count in [100_000, 1_000_000] {
                let process = Process()
                process.executableURL = executable
                process.arguments = [
                    "aggregate", "--logs", "\(count)", "--babies", "\(babies)", "--days", "\(days)", "--duplicates", mode,
                ]
                do {
                    try process.run()
                    process.waitUntilExit()
                } catch {
                    print("could not start \(executable.path): \(error)")
                    exit(70)
                }
            }
        }
    }

    /// Generates and aggregates `logs` logs in this process and prints one line of figures.
    static func measure(logs: Int, babies: Int, days: Int, knownDuplicates: Bool) {
        let generator = Generator(logs: logs, babies: babies, days: days)
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .current
        let options = AggregationOptions(timeZone: zone, today: generator.today, dayStart: ClockTime(minutes: 120) ?? .midnight)

        // Generation alone, consumed into a checksum so it is not optimised away.
        var checksum = 0.0
        var generated = 0
        var perKind: [LogKind: Int] = [:]
        let generateStart = DispatchTime.now()
        generator.forEach { record in
            checksum += record.start.timeIntervalSinceReferenceDate + Double(record.id.uuid.15)
            generated += 1
            perKind[record.kind, default: 0] += 1
        }
        let generateSeconds = seconds(since: generateStart)

        let before = residentMegabytes()
        let aggregator = Aggregator(
            babies: generator.babies, options: options, duplicateCheck: knownDuplicates ? .known([:]) : .fingerprints)
        let start = DispatchTime.now()
        // Table by table, as StoreAggregation streams a store: each announced with its row count and
        // finished before the next, so one table's ids are remembered at a time.
        var current: LogKind?
        generator.forEach { record in
            if record.kind != current {
                if let current { aggregator.finishTable(current) }
                current = record.kind
                aggregator.beginTable(record.kind, expectedLogs: perKind[record.kind] ?? 0)
            }
            aggregator.add(record)
        }
        if let current { aggregator.finishTable(current) }
        let result: AggregationResult
        do {
            result = try aggregator.finish()
        } catch {
            print("aggregation failed: \(error)")
            exit(70)
        }
        let totalSeconds = seconds(since: start)
        let aggregateSeconds = max(0, totalSeconds - generateSeconds)
        let weeks = result.babies.reduce(0) { $0 + $1.weeks.count }
        let findings = result.babies.reduce(0) { $0 + $1.findings.count }
        let line = [
            pad("\(generated)", 10), pad(knownDuplicates ? "known" : "fingerprints", 13),
            pad(FixedDecimal.format(generateSeconds, decimals: 3), 11), pad(FixedDecimal.format(aggregateSeconds, decimals: 3), 12),
            pad(FixedDecimal.format(Double(generated) / max(aggregateSeconds, 1e-9), decimals: 0), 11), pad("\(weeks)", 6),
            pad(FixedDecimal.format(peakMegabytes(), decimals: 1), 12), FixedDecimal.format(before, decimals: 1),
        ].joined(separator: " ")
        if ProcessInfo.processInfo.environment["BENCH_RULES"] != nil {
            var rules: [String: Int] = [:]
            for finding in result.babies.flatMap(\.findings) { rules[finding.rule.rawValue, default: 0] += 1 }
            print(rules)
        }
        print(line + "  (\(findings) findings; checksum \(FixedDecimal.format(checksum.truncatingRemainder(dividingBy: 1e6), decimals: 0)))")
    }

    /// Reads a store decoding only, then reading and aggregating, and prints one line of figures.
    static func measure(store path: String, zone: TimeZone, today: CivilDate) {
        let options = AggregationOptions(timeZone: zone, today: today)
        do {
            var logs = 0
            let readStart = DispatchTime.now()
            try StoreReader.withReader(path: path) { reader in
                try reader.forEachFoodLog(order: .startTimePerBaby) { _ in logs += 1 }
                try reader.forEachSleepLog(order: .startTimePerBaby) { _ in logs += 1 }
                try reader.forEachDiaperLog(order: .stored) { _ in logs += 1 }
                try reader.forEachActivityLog(order: .stored) { _ in logs += 1 }
            }
            let readSeconds = seconds(since: readStart)
            let start = DispatchTime.now()
            // What every command does: rows decoded on one thread, aggregated on another.
            let result = try FamilySource.withSource(path: path) { source in
                try StoreAggregation.run(source: source, options: options)
            }
            let totalSeconds = seconds(since: start)
            let weeks = result.babies.reduce(0) { $0 + $1.weeks.count }
            print("logs       read s   read+aggregate s  aggregate s  weeks  peak RSS MB")
            print([
                pad("\(logs)", 10), pad(FixedDecimal.format(readSeconds, decimals: 3), 8),
                pad(FixedDecimal.format(totalSeconds, decimals: 3), 17),
                pad(FixedDecimal.format(max(0, totalSeconds - readSeconds), decimals: 3), 12), pad("\(weeks)", 6),
                FixedDecimal.format(peakMegabytes(), decimals: 1),
            ].joined(separator: " "))
        } catch {
            print("parpair-bench aggregate: \(error)")
            exit(65)
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// Peak resident memory of this process: VmHWM on Linux, `ru_maxrss` elsewhere.
    static func peakMegabytes() -> Double {
        if let kilobytes = statusField("VmHWM:") { return kilobytes / 1024 }
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
            return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
        #endif
    }

    /// Resident memory now (VmRSS), or the peak where /proc is missing.
    static func residentMegabytes() -> Double {
        statusField("VmRSS:").map { $0 / 1024 } ?? peakMegabytes()
    }

    private static func statusField(_ name: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            return Double(String(digits))
        }
        return nil
    }

    /// Synthetic logs in the reader's order, made on the fly: per table, day by day, each baby's logs
    /// of the day in start order. About 40 % feeds, 15 % sleeps, 35 % diapers, 10 % activities, with a
    /// few open sessions, overlaps and odd amounts so the finding paths run too.
    struct Generator {
        let logs: Int
        let babies: [Baby]
        let days: Int
        let today: CivilDate
        /// Midnight UTC of the first day, seconds since 2001.
        let origin: Double

        init(logs: Int, babies: Int, days: Int) {
            self.logs = logs
            self.days = days
            let first = CivilDate(year: 2024, month: 1, day: 1)
            today = first.adding(days: days - 1)
            origin = Double(first.dayNumber - 11_323) * 86_400
            self.babies = (0..<babies).map { number in
                Baby(id: Generator.uuid(kind: 9, number: number), name: "Baby \(number + 1)",
                     birthday: Date(timeIntervalSinceReferenceDate: Double(first.dayNumber - 11_323) * 86_400 + 43_200),
                     rowID: Int64(number + 1))
            }
        }

        /// A deterministic, well-spread id.
        static func uuid(kind: UInt64, number: Int) -> UUID {
            var z = UInt64(number) &* 0x9E37_79B9_7F4A_7C15 ^ (kind << 56)
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            let high = z ^ (z >> 27)
            let low = UInt64(number) | (kind << 56)
            let b = withUnsafeBytes(of: (high, low)) { Array($0) }
            return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], 0x40 | (b[7] & 0x0F),
                               0x80 | (b[8] & 0x3F), b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        }

        func forEach(_ body: (LogRecord) -> Void) {
            let perDay = Double(logs) / Double(days * babies.count)
            let shares: [(LogKind, UInt64, Double)] = [(.food, 1, 0.40), (.sleep, 2, 0.15), (.diaper, 3, 0.35), (.activity, 4, 0.10)]
            var row: Int64 = 0
            var serial = 0
            for (kind, kindNumber, share) in shares {
                let count = max(1, Int((perDay * share).rounded()))
                let spacing = 86_400.0 / Double(count)
                for day in 0..<days {
                    let dayStart = origin + Double(day) * 86_400
                    for slot in 0..<count {
                        for (position, baby) in babies.enumerated() {
                            row += 1
                            serial += 1
                            let start = dayStart + Double(slot) * spacing + Double((position * 7 + slot * 13) % 17) * spacing / 40
                            let reference = BabyReference.baby(id: baby.id)
                            let id = Generator.uuid(kind: kindNumber, number: serial)
                            let odd = serial % 1_000
                            let date = Date(timeIntervalSinceReferenceDate: start)
                            switch kind {
                            case .food:
                                let types: [FoodType] = [.breastfeeding, .formula, .pumpedMilk, .breastfeeding, .solids]
                                let type = types[serial % types.count]
                                let end = odd == 1 ? nil : Date(timeIntervalSinceReferenceDate: start + min(900, spacing / 2))
                                let amount: Double? = type == .breastfeeding ? nil : odd == 2 ? -1 : Double(30 + serial % 150)
                                let unit: FeedingUnit? = type == .solids ? .grams : serial % 3 == 0 ? .ounces : .milliliters
                                body(.food(FoodLog(
                                    id: id, type: type, amount: unit == .ounces ? amount.map { $0 / 30 } : amount,
                                    feedingUnit: type == .breastfeeding ? nil : unit, startTime: date, endTime: end,
                                    baby: reference, rowID: row)))
                            case .sleep:
                                let length = odd == 3 ? spacing * 1.5 : spacing * 0.5
                                let end = odd == 4 ? nil : Date(timeIntervalSinceReferenceDate: start + length)
                                body(.sleep(SleepLog(id: id, startTime: date, endTime: end, baby: reference, rowID: row)))
                            case .diaper:
                                let types: [DiaperType] = [.wet, .dirty, .mixed, .wet, .dry]
                                body(.diaper(DiaperLog(
                                    id: id, type: odd == 5 ? .other("Blowout") : types[serial % types.count], time: date,
                                    baby: reference, rowID: row)))
                            case .activity:
                                let types: [ActivityType] = [.tummyTime, .bath, .play, .tummyTime]
                                body(.activity(ActivityLog(
                                    id: id, type: types[serial % types.count], startTime: date,
                                    endTime: Date(timeIntervalSinceReferenceDate: start + min(600, spacing / 2)),
                                    baby: reference, rowID: row)))
                            }
                        }
                    }
                }
            }
        }
    }
}
