import Foundation

/// Where on the local clock the logged sleep lies: the circular mean of the local clock time over every second
/// asleep. Babies sleep at night, so in the family's own zone it falls near 01:30 (01:32 and 01:40 on two
/// realistic stores); a centre far from that says the zone the days are counted in is likely not theirs.
public struct SleepClock: Sendable, Hashable {
    /// The sums of cos and sin of the clock angle over the seconds asleep, and those seconds.
    private(set) var x = 0.0
    private(set) var y = 0.0
    public private(set) var seconds = 0.0

    static let day = 86_400.0
    static let radiansPerSecond = 2 * Double.pi / day

    public init() {}

    /// Adds `duration` seconds asleep from the local clock time `clock` (seconds after local midnight; the span may
    /// run past the next midnight): the exact integrals of cos and sin of the clock angle over it.
    mutating func add(clock: Double, duration: Double) {
        guard duration > 0 else { return }
        let (a, b) = (clock * Self.radiansPerSecond, (clock + duration) * Self.radiansPerSecond)
        x += (sin(b) - sin(a)) / Self.radiansPerSecond
        y += (cos(a) - cos(b)) / Self.radiansPerSecond
        seconds += duration
    }

    public mutating func add(_ other: SleepClock) {
        x += other.x
        y += other.y
        seconds += other.seconds
    }

    /// The mean clock time asleep, in seconds after midnight; nil without sleep or when it is spread evenly
    /// round the clock (a resultant under 0.05 of the time asleep has no direction to speak of).
    public var centre: Double? {
        guard seconds > 0, (x * x + y * y).squareRoot() / seconds >= 0.05 else { return nil }
        let angle = atan2(y, x)
        return (angle < 0 ? angle + 2 * .pi : angle) / Self.radiansPerSecond
    }

    /// How concentrated the sleep is around its centre, from 0 (spread round the clock) to 1 (always the same minute).
    public var concentration: Double { seconds > 0 ? (x * x + y * y).squareRoot() / seconds : 0 }
}
