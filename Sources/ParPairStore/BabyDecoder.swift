import Foundation
import ParPairModel

/// Decodes `ZBABY` rows.
struct BabyDecoder {
    let id, name, birthday: Field

    init(layout: TableLayout) {
        id = Field(layout, "id")
        name = Field(layout, "name")
        birthday = Field(layout, "birthday")
    }

    func decode(_ row: RowReader) throws -> Baby {
        Baby(id: try row.uuid(id), name: try row.string(name), birthday: try row.date(birthday), rowID: try row.rowID())
    }
}
