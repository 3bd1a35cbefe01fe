/// The weeks a baby's report covers, as far as known before the logs are read.
enum PlannedWeeks: Sendable, Hashable {
    /// From the first to the last week with logs (`WeekSelection.all`); decided at the end.
    case fromLogs
    /// A range fixed by the options, already cut at the week holding today.
    case fixed(ClosedRange<Int>)
    /// No week: the selection lies after today, or the baby is not born by today.
    case empty
}
