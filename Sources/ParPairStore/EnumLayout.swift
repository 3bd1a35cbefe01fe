/// How an enumeration property is spread over a table's columns.
public enum EnumLayout: String, Sendable, Codable, Hashable {
    /// One TEXT column named after the property holding the raw value (`ZTYPE = 'Pumped Milk'`): iOS 18.
    case rawValue
    /// One column per case named after the case; the non-NULL one holds the case name
    /// (`ZPUMPEDMILK = 'pumpedMilk'`).
    case perCase
    /// An optional enumeration with no column at all: read as nil everywhere.
    case absent
}
