import Foundation

/// Valid sleeps merged so far: one stretch of time asleep, grown while the next sleep starts inside it.
struct SleepRun {
    var start: Double
    var end: Double
    /// The session that reaches `end`, named when a later one overlaps it.
    var leadStart: Double
    var leadRowID: Int64
}
