import ParPairModel
import SQLite

/// An enumeration property resolved for reading: its layout in this table and byte patterns of the
/// known values, so known values decode without allocating a String.
struct EnumColumn<Value: AppEnumeration>: Sendable {
    enum Source: Sendable {
        case rawValue(Int32)
        case perCase([TableLayout.CaseColumn])
        case absent
    }

    /// The known values and the UTF-8 of their text, at the same positions.
    struct Known: Sendable {
        let bytes: [[UInt8]]
        let values: [Value]

        init(_ text: (KnownCase<Value>) -> String) {
            bytes = Value.knownCases.map { Array(text($0).utf8) }
            values = Value.knownCases.map(\.value)
        }

        /// The known value whose text a TEXT cell holds; nil for another text or another storage class.
        func value(of cell: Cell) -> Value? {
            cell.textIndex(in: bytes).map { values[$0] }
        }
    }

    let source: Source
    /// `FoodLog.type`, for messages.
    let property: String
    /// `FoodType`, for messages (the runtime's type printing is slow the first time: only a message asks).
    var typeName: String { String(describing: Value.self) }
    /// The column, or the case columns joined, for messages.
    let columnDescription: String
    let rawValues: Known
    let caseNames: Known

    init(_ layout: TableLayout, _ property: String) {
        let mapping = layout.mapping[property: property]
        self.property = "\(layout.mapping.entity).\(property)"
        switch layout.source(property) {
        case .column(let index, let name):
            source = .rawValue(index)
            columnDescription = name
        case .perCase(let cases):
            source = .perCase(cases)
            columnDescription = cases.map(\.column).joined(separator: "/")
        case .absent:
            source = .absent
            columnDescription = mapping.column
        }
        rawValues = Known(\.rawValue)
        caseNames = Known(\.caseName)
    }
}
