import Foundation
import ParPairModel

/// The log a finding is about, as its fold knows it: its kind, id and row, the time the finding is filed
/// at (the log's start), and where that time landed.
struct LogSite {
    let kind: LogKind
    let id: UUID
    let rowID: Int64
    let time: Double
    let placement: Placement
    /// The phone that holds it, when several are read.
    let phone: Int?
}
