import Testing
@testable import ParPairModel

struct AppEnumerationTests {
    @Test func rawValuesAreExactlyTheApps() {
        #expect(FoodType(rawValue: "Pumped Milk") == .pumpedMilk)
        #expect(FoodType(rawValue: "Breastfeeding") == .breastfeeding)
        #expect(FoodType.pumpedMilk.rawValue == "Pumped Milk")
        #expect(DiaperType(rawValue: "Mixed") == .mixed)
        #expect(ActivityType(rawValue: "Tummy Time") == .tummyTime)
        #expect(FeedingUnit(rawValue: "oz") == .ounces)
    }

    @Test func caseNamesDecodeThePerCaseLayout() {
        #expect(FoodType(caseName: "pumpedMilk") == .pumpedMilk)
        #expect(ActivityType(caseName: "tummyTime") == .tummyTime)
        #expect(DiaperType(caseName: "dry") == .dry)
    }

    @Test func unknownTextIsKeptNotDropped() {
        let value = FoodType(rawValue: "Donor Milk")
        #expect(value == .other("Donor Milk"))
        #expect(value.isUnknown)
        #expect(value.rawValue == "Donor Milk")
        // Raw values are case-sensitive, as Swift's RawRepresentable is.
        #expect(FoodType(rawValue: "pumped milk") == .other("pumped milk"))
        #expect(!FoodType.formula.isUnknown)
    }
}
