import Foundation
import Testing
@testable import ParPairStore
@testable import ParPairSample

@Suite struct BinaryPropertyListTests {
    @Test func foundationReadsWhatWeWrite() throws {
        var many: [(key: String, value: BinaryPropertyList.Value)] = []
        for index in 0..<20 { many.append(("key\(index)", .integer(Int64(index) * 1000))) }
        let bytes = BinaryPropertyList.encode(.dictionary([
            ("NSPersistenceFrameworkVersion", .integer(1414)),
            ("big", .integer(5_000_000_000)),
            ("negative", .integer(-2)),
            ("name", .string("Léo 😊")),
            ("long", .string(String(repeating: "a", count: 40))),
            ("data", .data(Array(0..<32))),
            ("list", .array([.string("1.0.0"), .integer(3)])),
            ("nested", .dictionary(many)),
        ]))
        let decoded = try #require(try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any])
        #expect((decoded["NSPersistenceFrameworkVersion"] as? NSNumber)?.intValue == 1414)
        #expect((decoded["big"] as? NSNumber)?.int64Value == 5_000_000_000)
        #expect((decoded["negative"] as? NSNumber)?.intValue == -2)
        #expect(decoded["name"] as? String == "Léo 😊")
        #expect(decoded["long"] as? String == String(repeating: "a", count: 40))
        #expect(decoded["data"] as? Data == Data(0..<32))
        #expect((decoded["list"] as? [Any])?.count == 2)
        #expect((decoded["nested"] as? [String: Any])?.count == 20)
        #expect(((decoded["nested"] as? [String: Any])?["key19"] as? NSNumber)?.intValue == 19_000)
        #expect(BinaryPropertyList.encode(.string("x")) == BinaryPropertyList.encode(.string("x")))
    }
}
