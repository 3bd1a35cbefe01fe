import Foundation

/// How a log's end relates to its start.
enum EndCheck {
    case open
    case invalidTime
    case beforeStart(Double)
    case valid(duration: Double)

    @inline(__always)
    init(end: Date?, start: Double) {
        guard let end else { self = .open; return }
        let time = end.timeIntervalSinceReferenceDate
        if !time.isFinite { self = .invalidTime } else if time < start { self = .beforeStart(time) } else { self = .valid(duration: time - start) }
    }
}
