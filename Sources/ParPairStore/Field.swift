/// A single-column property resolved for reading: its result index (nil when the column is absent).
struct Field: Sendable {
    let index: Int32?
    let column: String
    /// `FoodLog.startTime`, for messages.
    let property: String
    let nullability: Nullability

    init(_ layout: TableLayout, _ property: String) {
        let mapping = layout.mapping[property: property]
        self.property = "\(layout.mapping.entity).\(property)"
        nullability = mapping.nullability
        switch layout.source(property) {
        case .column(let index, let name):
            self.index = index
            column = name
        case .perCase, .absent:
            index = nil
            column = mapping.column
        }
    }
}
