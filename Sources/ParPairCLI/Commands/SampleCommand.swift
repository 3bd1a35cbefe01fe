import Foundation
import ParPairStore

/// `parpair-report sample OUTPUT`: writes a realistic synthetic store, for trying the tool and for benchmarks.
enum SampleCommand: Subcommand {
    static let name = "sample"
    static let summary = "write a realistic synthetic store (for trying the tool, tests and benchmarks)"
    static let help = """
    Usage: parpair-report sample OUTPUT [--seed N] [--babies N] [--days N] [--wal]

    Writes a synthetic ParPair store at OUTPUT (a new file; an existing one is never replaced) in exactly
    the app's layout: newborn feeds shifting to bottles and solids, night sleep and naps, diapers, tummy
    time, a few notes, open timers and the mistakes real parents make. The same seed gives the same data.
    The last logged day is \(SampleStore.lastDay), in \(SampleStore.timeZoneIdentifier).

    Options:
      --seed N     random seed (default: 1)
      --babies N   number of babies, \(SampleStore.babyRange.lowerBound) to \(SampleStore.babyRange.upperBound) (default: 1)
      --days N     days of logs per baby, \(SampleStore.dayRange.lowerBound) to \(SampleStore.dayRange.upperBound) (default: 90)
      --wal        leave the last day's rows in an uncheckpointed OUTPUT-wal, as a running app does

    """

    static func run(_ arguments: [String], console: Console) throws {
        let parsed = try Arguments(arguments, command: name, options: [
            .init(name: "--seed", takesValue: true),
            .init(name: "--babies", takesValue: true),
            .init(name: "--days", takesValue: true),
            .init(name: "--wal", takesValue: false),
        ])
        let output = try parsed.positionals("OUTPUT")[0]
        let seed = try parsed.value("--seed", expected: "a whole number from 0 to 18446744073709551615") { UInt64($0) } ?? 1
        let babies = try parsed.value("--babies", expected: "a number of babies from \(SampleStore.babyRange.lowerBound) to \(SampleStore.babyRange.upperBound)") {
            Int($0).flatMap { SampleStore.babyRange.contains($0) ? $0 : nil }
        } ?? 1
        let days = try parsed.value("--days", expected: "a number of days from \(SampleStore.dayRange.lowerBound) to \(SampleStore.dayRange.upperBound)") {
            Int($0).flatMap { SampleStore.dayRange.contains($0) ? $0 : nil }
        } ?? 90
        guard output != "-" else { throw UsageError("a store cannot be written to standard output", command: name) }
        let summary = try SampleStore.generate(to: output, seed: seed, babies: babies, days: days, wal: parsed.flag("--wal"))
        var line = "wrote \(output): \(summary.babies.count) babies, \(summary.totalLogs) logs "
        line += "(\(summary.foodLogs) feeds, \(summary.sleepLogs) sleeps, \(summary.diaperLogs) diapers, \(summary.activityLogs) activities)"
        if summary.logsInWAL > 0 { line += ", \(summary.logsInWAL) only in the -wal file" }
        console.out(line + "\n")
    }
}
