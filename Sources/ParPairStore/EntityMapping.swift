import ParPairModel

/// One entity of the app's model and the table that holds it.
public struct EntityMapping: Sendable {
    /// The SwiftData entity (class) name, as `Z_PRIMARYKEY.Z_NAME` spells it: `FoodLog`.
    public let entity: String
    /// The table: `ZFOODLOG`.
    public let table: String
    /// Which kind of log this is; nil for `Baby`.
    public let kind: LogKind?
    /// The property logs are ordered by (`startTime`; a diaper's `time`; a baby's `birthday`).
    public let timeProperty: String
    /// The properties in model order.
    public let properties: [PropertyMapping]

    /// Whether reading this entity can use `column`: its row id, a property's column, or a per-case
    /// column of an enumeration (named after the property's column).
    func reads(_ column: String) -> Bool {
        let name = column.uppercased()
        if name == StoreSchema.rowIDColumn.uppercased() { return true }
        return properties.contains { property in
            let own = property.column.uppercased()
            if case .enumeration = property.kind { return name == own || name.hasPrefix(own) }
            return name == own
        }
    }

    public init(entity: String, table: String, kind: LogKind? = nil, timeProperty: String, properties: [PropertyMapping]) {
        self.entity = entity
        self.table = table
        self.kind = kind
        self.timeProperty = timeProperty
        self.properties = properties
    }

    /// The mapping of a property by its model name. Asking for a name the mapping lacks is our bug.
    public subscript(property name: String) -> PropertyMapping {
        guard let property = properties.first(where: { $0.name == name }) else {
            preconditionFailure("StoreSchema: \(entity) has no property \(name)")
        }
        return property
    }

    /// The property that holds the sort time.
    public var time: PropertyMapping { self[property: timeProperty] }
}
