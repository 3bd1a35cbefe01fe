import Foundation

/// Facts about one log table.
public struct TableFacts: Sendable, Hashable, Codable {
    /// `ZFOODLOG`.
    public var table: String
    /// `FoodLog`.
    public var entity: String
    /// `food`, `sleep`, `diaper` or `activity`.
    public var kind: String
    /// False when the store has no such table (read as no logs).
    public var present: Bool
    public var rows: Int
    /// Rows whose `ZBABY` is NULL.
    public var orphansWithoutBaby: Int
    /// Rows whose `ZBABY` names a `Z_PK` no baby has.
    public var orphansWithMissingBaby: Int
    /// Id values that occur on more than one row.
    public var duplicateIDs: Int
    /// Rows without an end time (open timers), for tables that have one.
    public var withoutEnd: Int?
    /// Earliest and latest start (a diaper's time).
    public var firstTime: Date?
    public var lastTime: Date?
    /// How each enumeration property is stored, by property name.
    public var enumLayouts: [String: EnumLayout]
    /// Columns of optional properties the table lacks (read as nil).
    public var missingOptionalColumns: [String]
    /// Columns the mapping does not use.
    public var extraColumns: [String]

    public init(
        table: String, entity: String, kind: String, present: Bool, rows: Int = 0, orphansWithoutBaby: Int = 0,
        orphansWithMissingBaby: Int = 0, duplicateIDs: Int = 0, withoutEnd: Int? = nil, firstTime: Date? = nil,
        lastTime: Date? = nil, enumLayouts: [String: EnumLayout] = [:], missingOptionalColumns: [String] = [],
        extraColumns: [String] = []
    ) {
        self.table = table
        self.entity = entity
        self.kind = kind
        self.present = present
        self.rows = rows
        self.orphansWithoutBaby = orphansWithoutBaby
        self.orphansWithMissingBaby = orphansWithMissingBaby
        self.duplicateIDs = duplicateIDs
        self.withoutEnd = withoutEnd
        self.firstTime = firstTime
        self.lastTime = lastTime
        self.enumLayouts = enumLayouts
        self.missingOptionalColumns = missingOptionalColumns
        self.extraColumns = extraColumns
    }

    /// Orphans of both sorts.
    public var orphans: Int { orphansWithoutBaby + orphansWithMissingBaby }
}
