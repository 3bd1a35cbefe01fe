import Foundation
import ParPairStore
import ParPairSample

/// `parpair-report sample OUTPUT`: writes a realistic synthetic store, for trying the tool and for benchmarks.
enum SampleCommand: Subcommand {
    static let spec = CommandSpec(
        name: .sample, summary: "write a realistic synthetic store (for trying the tool, tests and benchmarks)",
        usage: ["OUTPUT"], positional: .file,
        description: """
        Writes a synthetic ParPair store at OUTPUT (a new file; an existing one is never replaced) in exactly
        the app's layout: newborn feeds shifting to bottles and solids, night sleep and naps, diapers, tummy
        time, a few notes, open timers and the mistakes real parents make. The same seed gives the same data.
        The last logged day is \(SampleStore.lastDay), in \(SampleStore.timeZoneIdentifier).
        """)

    static func run(_ parsed: Arguments, console: Console) throws {
        let output = try parsed.positionals("OUTPUT")[0]
        let seed = try parsed.value(OptionTable.seed) ?? 1
        let babies = try parsed.value(OptionTable.babies) ?? 1
        let days = try parsed.value(OptionTable.days) ?? 90
        guard output != "-" else { throw UsageError("a store cannot be written to standard output", command: name) }
        let summary = try SampleStore.generate(to: output, seed: seed, babies: babies, days: days, wal: parsed.flag(OptionTable.wal))
        var line = "wrote \(output): \(summary.babies.count) babies, \(summary.totalLogs) logs "
        line += "(\(summary.foodLogs) feeds, \(summary.sleepLogs) sleeps, \(summary.diaperLogs) diapers, \(summary.activityLogs) activities)"
        if summary.logsInWAL > 0 { line += ", \(summary.logsInWAL) only in the -wal file" }
        console.out(line + "\n")
    }
}
