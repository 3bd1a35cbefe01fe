/// The unit of a CSV column's cells; the catalogs name it (`column_unit_UNIT`).
public enum ColumnUnit: String, Sendable, Hashable, CaseIterable {
    case text, id, week, day, date, datetime, days, flag, count, minutes, hours, ml, oz, grams
    case perDay = "per_day", mlPerDay = "ml_per_day", ozPerDay = "oz_per_day", hoursPerDay = "hours_per_day", number
    case mlPerFeed = "ml_per_feed", ozPerFeed = "oz_per_feed"
}
