import Foundation
import ParPairModel
import ParPairStore
import ParPairSample
import Testing

/// Names and notes come from the store; printed to a terminal they must not steer it.
struct TerminalTextTests {
    @Test func infoShowsControlCharactersAndBidiOverridesAsEscapes() async throws {
        let folder = try WorkFolder()
        let store = folder.file("default.store")
        let writer = try StoreWriter(creatingAt: store, options: .init())
        let birthday = try #require(ISO8601DateFormatter().date(from: "2026-11-01T12:00:00Z"))
        try writer.insert(Baby(id: UUID(), name: "Mia\u{1B}[2J\u{07}\u{202E}olleh", birthday: birthday, rowID: 1))
        try writer.finish()

        let run = try await BuiltTool.run(["info", store, "--tz", "UTC", "--today", "2026-11-20"], in: folder)
        run.expectSuccess()
        #expect(run.output.contains("Mia\\u{1B}[2J\\u{7}\\u{202E}olleh"), "\(run.output)")
        #expect(!run.stdout.contains(0x1B) && !run.stdout.contains(0x07))
        #expect(!run.output.unicodeScalars.contains("\u{202E}"))

        // The JSON keeps the exact name, escaped the JSON way, so scripts get the data as stored.
        let json = try await BuiltTool.run(["info", store, "--json", "--tz", "UTC"], in: folder)
        json.expectSuccess()
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let babies = try #require(object["babies"] as? [[String: Any]])
        #expect(babies.first?["name"] as? String == "Mia\u{1B}[2J\u{07}\u{202E}olleh")
    }
}
