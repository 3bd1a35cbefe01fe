import ParPairModel

/// An enumeration property resolved for reading: its layout in this table and byte patterns of the
/// known values, so known values decode without allocating a String.
struct EnumColumn<Value: AppEnumeration>: Sendable {
    enum Source: Sendable {
        case rawValue(Int32)
        case perCase([TableLayout.CaseColumn])
        case absent
    }

    struct Entry: Sendable {
        let bytes: [UInt8]
        let value: Value
    }

    let source: Source
    /// `FoodLog.type`, for messages.
    let property: String
    /// `FoodType`, for messages (the runtime's type printing is slow the first time: only a message asks).
    var typeName: String { String(describing: Value.self) }
    /// The column, or the case columns joined, for messages.
    let columnDescription: String
    let rawValues: [Entry]
    let caseNames: [Entry]

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
        rawValues = Value.knownCases.map { Entry(bytes: Array($0.rawValue.utf8), value: $0.value) }
        caseNames = Value.knownCases.map { Entry(bytes: Array($0.caseName.utf8), value: $0.value) }
    }

    static func match(_ bytes: UnsafeBufferPointer<UInt8>, in entries: [Entry]) -> Value? {
        for entry in entries where entry.bytes.count == bytes.count {
            let equal = entry.bytes.withUnsafeBufferPointer { known in
                var index = 0
                while index < known.count, known[index] == bytes[index] { index += 1 }
                return index == known.count
            }
            if equal { return entry.value }
        }
        return nil
    }
}
