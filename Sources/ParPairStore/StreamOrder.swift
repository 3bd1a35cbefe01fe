/// The order in which a log stream delivers a table's rows.
public enum StreamOrder: Sendable, Hashable {
    /// By start time (a diaper: its time), then `Z_PK`.
    case startTime
    /// Each baby's logs by start time, then `Z_PK`; the babies' logs interleave in any order, and so
    /// do logs that belong to no baby. This is all the aggregator needs, and cheaper to deliver: logs
    /// are saved mostly as they happen, so the table is read as stored and the few rows saved late
    /// are fetched by `Z_PK` and merged in, instead of SQLite sorting the whole table (see
    /// `LateRowPlan`). A table that is far from that order is sorted as for `.startTime`.
    case startTimePerBaby
    /// As stored (`Z_PK` order), which SQLite reads without sorting or a second scan. The aggregator
    /// takes diapers and activities in any order.
    case stored
}
