/// A stretch of time with one UTC offset, from `start` (seconds since 2001) until the next segment.
///
/// Within it the local clock runs straight: local seconds = instant + `offset`, and local midnight
/// falls where that is a multiple of 86,400 (2001-01-01 was a midnight).
struct ClockSegment {
    var start: Double
    var offset: Double
}
