import ParPairModel

/// The cases of an app enumeration, without its Swift type: enough to find its columns and name it.
public struct EnumDescriptor: Sendable {
    /// The Swift type name: `FoodType`.
    public let typeName: String
    /// The known cases: raw value as the app writes it, and Swift case name.
    public let cases: [Case]

    /// One known case.
    public struct Case: Sendable, Hashable {
        public let rawValue: String
        public let caseName: String
        /// The case's column in the per-case layout: `Z` + the case name uppercased (`ZPUMPEDMILK`).
        public var column: String { StoreSchema.columnName(for: caseName) }
    }

    /// Describes an `AppEnumeration` type.
    public init<Value: AppEnumeration>(_ type: Value.Type) {
        typeName = String(describing: type)
        cases = Value.knownCases.map { Case(rawValue: $0.rawValue, caseName: $0.caseName) }
    }
}
