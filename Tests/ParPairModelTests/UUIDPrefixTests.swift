import Foundation
import ParPairModel
import Testing

@Suite("UUID prefix")
struct UUIDPrefixTests {
    @Test("The first 8 hex digits, lowercase, as the uuid string writes them", arguments: [
        ("37F3D1FD-0B7A-4C2E-9D1F-5A6B7C8D9E0F", "37f3d1fd"),
        ("00000000-0000-0000-0000-000000000000", "00000000"),
        ("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "ffffffff"),
        ("0A1B2C3D-4E5F-6A7B-8C9D-AEBFC0D1E2F3", "0a1b2c3d"),
        ("7DD3F597-E94D-411F-A202-74FF98810C60", "7dd3f597"),
    ])
    func prefix(uuid: String, expected: String) throws {
        let id = try #require(UUID(uuidString: uuid))
        #expect(id.idPrefix == expected)
    }
}
