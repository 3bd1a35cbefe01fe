import Foundation
import ParPairAggregation
import ParPairModel
import ParPairStore

/// Everything one `digest` run reports: a digest per baby with a complete week, and the babies without one.
///
/// Pure data, ready for `DigestRendering` (files) and `DigestMessage` (e-mail).
public struct DigestRun: Sendable {
    /// The options the logs were aggregated with.
    public var options: AggregationOptions
    /// Redaction, store name and tool version.
    public var settings: ReportSettings
    /// The digests, in the store's order of babies.
    public var digests: [BabyDigest]
    /// The babies without a digest, in the store's order.
    public var skips: [DigestSkip]

    public init(options: AggregationOptions, settings: ReportSettings, digests: [BabyDigest], skips: [DigestSkip]) {
        self.options = options
        self.settings = settings
        self.digests = digests
        self.skips = skips
    }

    /// Reads an open store once and makes the run.
    /// - Parameters:
    ///   - reader: an open store.
    ///   - options: time zone, today, units, day start and night; the week selection is replaced.
    ///   - baby: `--baby`: a name or an id; nil for every baby.
    ///   - choice: the latest complete week, or `--week N`.
    ///   - settings: redaction, store name, tool version.
    /// - Throws: `ReportError.noSuchBaby`, `StoreError` while reading, `AggregationError`.
    public static func make(
        source: some LogSource, options: AggregationOptions, baby: String?, choice: DigestWeekChoice, settings: ReportSettings
    ) throws -> DigestRun {
        let babies = try StoreAggregation.select(baby, from: source.babies, redact: settings.redact)
        let plan = DigestPlan(babies: babies, options: options, choice: choice, redact: settings.redact)
        var options = options
        guard let weeks = plan.weekSelection else {
            return DigestRun(options: options, settings: settings, digests: [], skips: plan.skips)
        }
        options.weeks = weeks
        let result = try StoreAggregation.run(source: source, options: options, baby: baby)
        ZoneCheck.warn(result, warn: source.warn)
        return try make(result: result, plan: plan, settings: settings)
    }

    /// Makes the run from an aggregation whose babies are the plan's, in the same order, and whose
    /// week selection covers `plan.weekSelection`.
    /// - Throws: `DigestError.missingWeek` (a bug of the caller) when the aggregation lacks a planned week.
    public static func make(result: AggregationResult, plan: DigestPlan, settings: ReportSettings) throws -> DigestRun {
        var digests: [BabyDigest] = []
        for target in plan.targets {
            guard result.babies.indices.contains(target.index), result.babies[target.index].baby.id == target.baby.id,
                  let current = result.babies[target.index].weeks.first(where: { $0.week == target.week })
            else {
                throw DigestError.missingWeek(baby: target.name, week: target.week)
            }
            let aggregate = result.babies[target.index]
            let previous = aggregate.weeks.first { $0.week == target.week - 1 }
            digests.append(BabyDigest(
                target: target, current: current, previous: previous,
                days: aggregate.days.filter { $0.week == target.week },
                findings: aggregate.findings.filter { $0.week == target.week }, correction: aggregate.correction))
        }
        return DigestRun(options: result.options, settings: settings, digests: digests, skips: plan.skips)
    }
}
