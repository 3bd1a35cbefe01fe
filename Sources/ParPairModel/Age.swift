/// A baby's age in whole days since birth, the app's way: `D+388, 55w3d`.
public struct Age: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Calendar days between the local day of birth and the local day of the date (day of birth = 0).
    public var days: Int

    public init(days: Int) { self.days = days }

    /// The age-week index: week 0 = days 0–6. Negative before birth (floor division).
    public var week: Int { days >= 0 ? days / 7 : -((-days + 6) / 7) }

    /// The day within the week, 0…6.
    public var dayOfWeek: Int { days - week * 7 }

    /// `D+388, 55w3d`; before birth `D-3, before birth`.
    public var description: String {
        days >= 0 ? "D+\(days), \(week)w\(dayOfWeek)d" : "D\(days), before birth"
    }

    public static func < (lhs: Age, rhs: Age) -> Bool { lhs.days < rhs.days }
}
