import ParPairAggregation
import Testing

/// Numbers print the same in every locale: `.` decimal point, fixed decimals, no grouping.
@Suite struct FixedDecimalTests {
    @Test(arguments: [
        (2.345, 2, "2.35"), (2.344, 2, "2.34"), (1234567.25, 1, "1234567.3"), (0.0, 2, "0.00"), (-0.001, 1, "0.0"),
        (-2.5, 0, "-3"), (-1.25, 2, "-1.25"), (7.0, 0, "7"), (0.05, 1, "0.1"), (178.29411825, 1, "178.3"),
        (1e20, 1, "100000000000000000000.0"), (0.5, 0, "1"), (-0.5, 0, "-1"), (0.001, 3, "0.001"), (-0.0123, 3, "-0.012"),
        (12.0, 3, "12.000"), (1.5, 12, "1.500000000"), (2.5, -3, "3"), (-0.04, 1, "0.0"), (123.0, 0, "123"),
    ])
    func formats(_ value: Double, _ decimals: Int, _ text: String) {
        #expect(FixedDecimal.format(value, decimals: decimals) == text)
    }

    @Test func missingFiguresAreEmpty() {
        #expect(FixedDecimal.format(.nan, decimals: 2) == "")
        #expect(FixedDecimal.format(.infinity, decimals: 2) == "")
        #expect(ColumnValue.decimal(nil, decimals: 2).formatted == "")
        #expect(ColumnValue.count(12).formatted == "12")
        #expect(ColumnValue.decimal(3.14159, decimals: 2).formatted == "3.14")
        #expect(ColumnValue.text("Mia").number == nil)
    }
}
