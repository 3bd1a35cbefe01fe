/// A baby's findings as the report lists them (`BabyAccumulator.summarize`), with the counts the week
/// and day rows show.
struct ListedFindings {
    /// In the selected weeks or in no week, in report order, with local times.
    var listed: [Finding] = []
    /// Listed findings by week index and by day of life.
    var perWeek: [Int: Int] = [:]
    var perDay: [Int: Int] = [:]
    /// Findings in weeks outside the selection (counted, not listed).
    var outside: Int
}
