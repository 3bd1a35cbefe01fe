import ParPairStore
import Foundation
import ParPairModel
import SQLite

/// A prepared INSERT for one entity in one enum style, with each property's parameter index.
struct InsertPlan {
    let statement: Statement
    /// Parameter index of each single-column property.
    private let slots: [String: Int32]
    /// Parameter indexes of each per-case enumeration: case name and index.
    private let caseSlots: [String: [(caseName: String, index: Int32)]]

    init(mapping: EntityMapping, style: StoreLayoutSQL.EnumStyle, entityNumber: Int64, database: Database) throws {
        var columns = ["Z_PK", "Z_ENT", "Z_OPT"]
        var slots: [String: Int32] = [:]
        var caseSlots: [String: [(caseName: String, index: Int32)]] = [:]
        for property in mapping.properties {
            if case .enumeration(let descriptor) = property.kind, style == .perCase {
                caseSlots[property.name] = descriptor.cases.map { enumCase in
                    columns.append(enumCase.column)
                    return (enumCase.caseName, Int32(columns.count))
                }
            } else {
                columns.append(property.column)
                slots[property.name] = Int32(columns.count)
            }
        }
        let names = columns.map(Database.quote(identifier:)).joined(separator: ", ")
        let parameters = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        statement = try database.prepare("INSERT INTO \(Database.quote(identifier: mapping.table)) (\(names)) VALUES (\(parameters))")
        try statement.bind(entityNumber, at: 2)
        try statement.bind(Int64(1), at: 3)
        self.slots = slots
        self.caseSlots = caseSlots
    }

    private func slot(_ property: String) throws -> Int32 {
        guard let index = slots[property] else { throw StoreError.internal("InsertPlan: no column for \(property)") }
        return index
    }

    func bind(uuid: UUID, _ property: String) throws {
        let index = try slot(property)
        try withUnsafeBytes(of: uuid.uuid) { try statement.bind(blob: $0, at: index) }
    }

    func bind(date: Date?, _ property: String) throws {
        let index = try slot(property)
        if let date { try statement.bind(date.timeIntervalSinceReferenceDate, at: index) } else { try statement.bindNull(at: index) }
    }

    func bind(text: String, _ property: String) throws {
        try statement.bind(text, at: try slot(property))
    }

    func bind(double: Double?, _ property: String) throws {
        let index = try slot(property)
        if let double { try statement.bind(double, at: index) } else { try statement.bindNull(at: index) }
    }

    func bind(integer: Int64?, _ property: String) throws {
        let index = try slot(property)
        if let integer { try statement.bind(integer, at: index) } else { try statement.bindNull(at: index) }
    }

    /// A raw value in the property's column, or the case name in its case's column (an unknown
    /// value has no column in the per-case layout and is written as all NULL).
    func bind<Value: AppEnumeration>(enumeration value: Value?, _ property: String) throws {
        if let cases = caseSlots[property] {
            let name = value?.caseName
            for entry in cases {
                if entry.caseName == name { try statement.bind(entry.caseName, at: entry.index) } else { try statement.bindNull(at: entry.index) }
            }
            return
        }
        let index = try slot(property)
        if let value { try statement.bind(value.rawValue, at: index) } else { try statement.bindNull(at: index) }
    }
}
