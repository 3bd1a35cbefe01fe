import Foundation
import Mustache
import ParPairAggregation
import ParPairModel

/// The data handed to the digest templates (`digest.md`, `digest.html`, `digest.csv` and their
/// `digest-*` partials). Figures are formatted like the report's (`.` decimal point, `–` for none).
///
/// Top level: `tool_version`, `store_name`, `backup_source` (device backups only), `today`, `timezone`, `units`, `volume_unit`, `day_start`,
/// `night`, `redacted`, `sources` (`name`, `url`: the reference bands of the digest weeks) with `has_sources`, `daily_header` (CSV cells `name`, `first`),
/// `digests` (below) with `has_digests`, `no_digests`, `several_digests`, and `skipped` (`name`,
/// `message`, `due_date`) with `has_skipped`.
///
/// Each digest: `name`, `initials`, `id`, `slug`, `anchor`, `first`, `birthday`, `age_today`, `week`,
/// `previous_week`, `start_date`, `end_date`, `first_day`, `last_day`, `first_age`, `last_age`,
/// `days`, `days_logged`, `has_logs`, `no_logs`, `partly_logged`, `first_week`, `previous_empty`, `figures` (the keys
/// of a report week: `feeds_per_day`, `bands`, …), `comparison` (`current_week`, `previous_week`,
/// `changes`: `label`, `previous`, `current`, `delta`, `direction`, `arrow`), `has_comparison`,
/// `findings` (report finding keys), `has_findings`, `finding_count`, `daily_rows` (CSV `cells`),
/// `attachment` (the CSV's name in an e-mail).
public enum DigestData {
    /// The context for the given digests of a run (the per-baby files pass one; the e-mail all of them).
    /// - Parameter skips: the babies without a digest to mention (the e-mail lists them; files do not).
    public static func make(run: DigestRun, digests: [BabyDigest], skips: [DigestSkip]) -> MustacheValue {
        let options = run.options
        let units = options.units
        var sources: [String: String] = [:]
        for digest in digests where !digest.isEmpty {
            for band in digest.current.references { sources[band.sourceName] = band.sourceURL }
        }
        let corrected = digests.contains { $0.correction?.isPreterm == true }
        if corrected {
            for source in ReferenceRanges.correctedAgeSources { sources[source.name] = source.url }
        }
        let concerns = ReportData.concerns(digests.filter { !$0.isEmpty }.flatMap(\.current.references), run.settings.localizer)
        return .dictionary(ReportData.commonKeys(options: options, settings: run.settings, sources: sources).merging([
            "has_sources": .bool(!sources.isEmpty),
            "concerns": .array(concerns),
            "has_concerns": .bool(!concerns.isEmpty),
            "has_correction": .bool(corrected),
            "daily_header": ReportData.header(DaySummary.columnNames(units: units), run.settings),
            "digests": .array(digests.enumerated().map { digest($1, index: $0, settings: run.settings) }),
            "has_digests": .bool(!digests.isEmpty),
            "no_digests": .bool(digests.isEmpty),
            "several_digests": .bool(digests.count > 1),
            "skipped": .array(skips.map { skip in
                .dictionary([
                    "name": .string(skip.name), "message": .string(skip.message(run.settings.localizer)),
                    "due_date": .string(run.settings.localizer.date(skip.dueDate)), "due_date_iso": .string(skip.dueDate.description),
                ])
            }),
            "has_skipped": .bool(!skips.isEmpty),
        ]) { _, own in own })
    }

    static func digest(_ digest: BabyDigest, index: Int, settings: ReportSettings) -> MustacheValue {
        let localizer = settings.localizer
        let target = digest.target
        let current = digest.current
        let comparison = digest.comparison
        let previousEmpty = current.daysLogged > 0 && digest.previous.map { $0.daysLogged == 0 } == true
        return .dictionary([
            "name": .string(target.name),
            "initials": .string(BabyName.initials(of: target.baby.name)),
            "id": .string(target.baby.id.uuidString),
            "slug": .string(target.slug),
            "anchor": .string("digest-\(index + 1)"),
            "first": .bool(index == 0),
            "birthday": .string(localizer.date(target.birthDate)),
            "birthday_iso": .string(target.birthDate.description),
            "age_today": .string(ReportData.ageText(target.ageToday.days, digest.correction, localizer)),
            "week": .int(target.week),
            "previous_week": target.week > 0 ? .int(target.week - 1) : .null,
            "start_date": .string(localizer.date(target.startDate)),
            "end_date": .string(localizer.date(target.endDate)),
            "start_date_iso": .string(target.startDate.description),
            "end_date_iso": .string(target.endDate.description),
            "first_day": .int(current.firstDay),
            "last_day": .int(current.lastDay),
            "first_age": .string(ReportData.ageText(current.firstDay, digest.correction, localizer)),
            "last_age": .string(ReportData.ageText(current.lastDay, digest.correction, localizer)),
            "correction": digest.correction.map { correction in
                ReportData.correction(correction, todayIndex: target.ageToday.days, localizer)
            } ?? .null,
            "days": .int(current.days),
            "days_logged": .int(current.daysLogged),
            "has_logs": .bool(!digest.isEmpty),
            "no_logs": .bool(digest.isEmpty),
            "partly_logged": .bool(!digest.isEmpty && current.daysLogged < current.days),
            "too_few_days": .bool(current.daysLogged < ReferenceBand.minimumLoggedDays),
            "first_week": .bool(target.week == 0 && !digest.isEmpty),
            "previous_empty": .bool(previousEmpty),
            "figures": ReportData.week(current, odd: false, localizer: localizer),
            "comparison": comparison.map { ReportData.comparison($0, localizer) } ?? .null,
            "has_comparison": .bool(comparison != nil),
            "findings": .array(digest.findings.map { ReportData.finding($0, localizer) }),
            "has_findings": .bool(!digest.findings.isEmpty),
            "finding_count": .int(digest.findings.count),
            "daily_rows": .array(digest.days.map { .dictionary(["cells": ReportData.cells($0.columns, babyName: target.name)]) }),
            "attachment": .string(target.attachmentName(redact: settings.redact)),
        ])
    }
}
