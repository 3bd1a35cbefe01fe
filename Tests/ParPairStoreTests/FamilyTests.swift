import Foundation
import ParPairModel
import Testing
@testable import ParPairStore

/// The pure rules of reading two phones as one family: which logs are one event, which babies are one child,
/// which device a typed name means.
@Suite struct FamilyTests {
    static let nora = UUID(uuidString: "00000000-0000-4000-8000-0000000000A1")!
    static let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static func diaper(_ minutes: Double, _ type: DiaperType = .wet, baby: UUID = nora) -> LogRecord {
        .diaper(DiaperLog(id: UUID(), type: type, time: t0.addingTimeInterval(minutes * 60), baby: .baby(id: baby)))
    }

    static func sleep(_ from: Double, _ to: Double?) -> LogRecord {
        .sleep(SleepLog(id: UUID(), startTime: t0.addingTimeInterval(from * 60), endTime: to.map { t0.addingTimeInterval($0 * 60) },
                        baby: .baby(id: nora)))
    }

    static func bottle(_ minutes: Double, _ amount: Double, _ unit: FeedingUnit = .milliliters) -> LogRecord {
        .food(FoodLog(id: UUID(), type: .formula, amount: amount, feedingUnit: unit, startTime: t0.addingTimeInterval(minutes * 60),
                      baby: .baby(id: nora)))
    }

    static func bottleWithoutAmount(_ minutes: Double) -> LogRecord {
        .food(FoodLog(id: UUID(), type: .formula, startTime: t0.addingTimeInterval(minutes * 60), baby: .baby(id: nora)))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var earlier: LogRecord
        var later: LogRecord
        var same: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a wet diaper 2 minutes apart", earlier: diaper(0), later: diaper(2), same: true),
        Case(name: "a wet diaper 5 minutes apart", earlier: diaper(0), later: diaper(5), same: true),
        Case(name: "a second wet diaper 20 minutes later", earlier: diaper(0), later: diaper(20), same: false),
        Case(name: "a wet and a dirty diaper at once", earlier: diaper(0), later: diaper(1, .dirty), same: false),
        Case(name: "another baby's diaper", earlier: diaper(0), later: diaper(1, baby: UUID()), same: false),
        // 13:00-15:00 and 13:10-15:05 share 110 of 120 minutes.
        Case(name: "a sleep logged by both", earlier: sleep(0, 120), later: sleep(10, 125), same: true),
        // 0-60 and 40-100 share 20 of 60 minutes.
        Case(name: "two sleeps overlapping by a third", earlier: sleep(0, 60), later: sleep(40, 100), same: false),
        Case(name: "two open sleeps 3 minutes apart", earlier: sleep(0, nil), later: sleep(3, nil), same: true),
        Case(name: "bottles of 90 and 95 ml", earlier: bottle(0, 90), later: bottle(3, 95), same: true),
        Case(name: "bottles of 90 and 120 ml", earlier: bottle(0, 90), later: bottle(3, 120), same: false),
        // 3 oz = 88.7 ml.
        Case(name: "90 ml and 3 oz", earlier: bottle(0, 90), later: bottle(1, 3, .ounces), same: true),
        Case(name: "bottles 6 minutes apart", earlier: bottle(0, 90), later: bottle(6, 90), same: false),
        Case(name: "a bottle and its copy without an amount", earlier: bottle(0, 90), later: bottleWithoutAmount(2), same: true),
        Case(name: "a bottle without an amount and its copy with one", earlier: bottleWithoutAmount(0), later: bottle(4, 90), same: true),
    ]

    @Test(arguments: cases) func sameEvent(_ testCase: Case) {
        #expect(CrossPhoneRule.sameEvent(testCase.earlier, testCase.later) == testCase.same)
    }

    @Test func babiesMatchByIDElseByNameAndBirthday() throws {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let born = Date(timeIntervalSinceReferenceDate: 780_000_000)
        let mom = [Baby(id: Self.nora, name: "Nora", birthday: born), Baby(id: UUID(), name: "Leo", birthday: born.addingTimeInterval(-86_400 * 800))]
        let dadNora = Baby(id: UUID(), name: "nora", birthday: born.addingTimeInterval(3600))
        let dadLeo = mom[1]
        let matching = try BabyMatching(phones: [("Mom", mom), ("Dad", [dadNora, dadLeo])], timeZone: zone)
        #expect(matching.babies.count == 2)
        #expect(matching.renamedIDs[1] == [dadNora.id: Self.nora])
        // Leo by id (the app's own: nothing to tell), Nora by name and day, and Nora's births an hour apart.
        #expect(matching.notes == [
            .sameNameAndBirthday(name: "nora", born: CivilDate(year: 2025, month: 9, day: 19), phone: "Dad", child: "Nora", childPhone: "Mom"),
            .birthTimes(name: "Nora", times: [.init(phone: "Mom", time: born), .init(phone: "Dad", time: born.addingTimeInterval(3600))]),
        ])
        #expect(matching.babies.first { $0.id == Self.nora }?.birthday == born)
    }

    @Test func twinsOfOneNameAreRefusedOnEitherPhone() throws {
        let born = Date(timeIntervalSinceReferenceDate: 780_000_000)
        let mom = [Baby(id: UUID(), name: "Alex", birthday: born), Baby(id: UUID(), name: "Alex", birthday: born.addingTimeInterval(60))]
        let dad = [Baby(id: UUID(), name: "Alex", birthday: born)]
        for phones in [[("Mom", mom), ("Dad", dad)], [("Dad", dad), ("Mom", mom)]] {
            #expect(throws: FamilyError.namesakes("Alex", phone: "Mom", born: "2025-09-19", count: 2)) {
                try BabyMatching(phones: phones, timeZone: TimeZone(identifier: "UTC")!)
            }
        }
        // Alone on their phone, twins of one name are two children.
        #expect(try BabyMatching(phones: [("Mom", mom)], timeZone: TimeZone(identifier: "UTC")!).babies.count == 2)
    }

    /// Many babies on each phone are matched by a lookup, not by comparing every pair.
    @Test func manyBabiesMatchByNameAndDay() throws {
        let born = Date(timeIntervalSinceReferenceDate: 780_000_000)
        let mom = (0..<2_000).map { Baby(id: UUID(), name: "Baby \($0)", birthday: born.addingTimeInterval(Double($0) * 86_400)) }
        let dad = mom.map { Baby(id: UUID(), name: $0.name.uppercased(), birthday: $0.birthday) }
        let matching = try BabyMatching(phones: [("Mom", mom), ("Dad", dad)], timeZone: TimeZone(identifier: "UTC")!)
        #expect(matching.babies.count == 2_000)
        #expect(matching.renamedIDs[1].count == 2_000)
        #expect(matching.renamedIDs[1][dad[1_234].id] == mom[1_234].id)
    }

    @Test func deviceNamesMatchAsTyped() {
        let names = ["Dad\u{2019}s iPhone", "Mom\u{2019}s iPhone", "Mom\u{2019}s iPad"]
        #expect(DeviceNameMatch.matches("Dad's iPhone", among: names) == [0])
        #expect(DeviceNameMatch.matches("DAD\u{2019}S IPHONE", among: names) == [0])
        #expect(DeviceNameMatch.matches("dad", among: names) == [0])
        #expect(DeviceNameMatch.matches("mom's", among: names) == [1, 2], "a start of two names: both, for the caller to list")
        #expect(DeviceNameMatch.matches("Dad's iPhone", among: names + ["Dad\u{2019}s iPhone"]) == [0, 3], "two of one name")
        #expect(DeviceNameMatch.matches("Grandma", among: names) == [])
        #expect(DeviceNameMatch.matches("Mom's iPa", among: names) == [2])
        // "é" typed as e + combining acute equals the precomposed one.
        #expect(DeviceNameMatch.matches("Ren\u{0065}\u{0301}'s phone", among: ["Ren\u{00E9}\u{2019}s phone"]) == [0])
    }
}
