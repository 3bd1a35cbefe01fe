import ParPairModel

/// The cases of an app enumeration, without its Swift type: enough to find its columns and name it.
public struct EnumDescriptor: Sendable {
    /// The Swift type name: `FoodType` (printed when asked: the runtime's type printing is slow the first time).
    public var typeName: String { describeType() }
    private let describeType: @Sendable () -> String
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
        describeType = { String(describing: Value.self) }
        cases = Value.knownCases.map { Case(rawValue: $0.rawValue, caseName: $0.caseName) }
    }
}
