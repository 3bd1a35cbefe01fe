import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import Testing

/// Folder names of digests: lowercase ASCII, accents folded, then the id's first 8 hex digits.
@Suite("Digest folder names")
struct DigestSlugTests {
    static let id = UUID(uuidString: "37F3D1FD-7928-438B-B2C9-5D5A55963D58") ?? UUID()
    static let otherID = UUID(uuidString: "8C720336-B90E-452B-A83D-0B897700890B") ?? UUID()
    static let thirdID = UUID(uuidString: "0C0FFEE0-0000-4000-8000-000000000003") ?? UUID()

    @Test("names fold to lowercase ASCII", arguments: [
        ("Léo", "leo"),
        ("Zoë Ångström", "zoe-angstrom"),
        ("Łucja Øster-Groß", "lucja-oster-gross"),
        ("Ænea Þórsdóttir", "aenea-thorsdottir"),
        ("  Mia  ", "mia"),
        ("José María", "jose-maria"),
        ("Dvořák", "dvorak"),
        ("ÇAĞLA", "cagla"),
        ("Nguyễn Thị Ánh", "nguyen-thi-anh"),
        ("O'Brien, Seán", "o-brien-sean"),
        ("Baby #2", "baby-2"),
        ("Mia 🍼", "mia"),
    ])
    func folding(name: String, slug: String) {
        #expect(BabySlug.namePart(of: name) == slug)
        #expect(BabySlug.slug(of: name, id: Self.id) == slug + "-37f3d1fd")
    }

    @Test("a name that leaves nothing becomes baby-<id>", arguments: ["", "   ", "美玲", "🍼", "---"])
    func fallback(name: String) {
        #expect(BabySlug.slug(of: name, id: Self.id) == "baby-37f3d1fd")
    }

    @Test("a long name is cut to 40 characters, never ending in a dash")
    func length() {
        #expect(BabySlug.slug(of: String(repeating: "a", count: 60), id: Self.id) == String(repeating: "a", count: 40) + "-37f3d1fd")
        let name = String(repeating: "a", count: 39) + " bcd"
        #expect(BabySlug.slug(of: name, id: Self.id) == String(repeating: "a", count: 39) + "-37f3d1fd")
    }

    @Test("every folder carries the id, so babies named alike, in one run or two, never share one")
    func collisions() {
        let babies = [
            Baby(id: Self.id, name: "Léo", birthday: Date(timeIntervalSince1970: 0)),
            Baby(id: Self.otherID, name: "Leo", birthday: Date(timeIntervalSince1970: 0)),
            Baby(id: Self.thirdID, name: "Mia", birthday: Date(timeIntervalSince1970: 0)),
        ]
        #expect(BabySlug.assign(babies, redact: false) == ["leo-37f3d1fd", "leo-8c720336", "mia-0c0ffee0"])
        // Each baby alone (a run per phone) gets the same folder as in the run of all.
        #expect(babies.map { BabySlug.assign([$0], redact: false)[0] } == ["leo-37f3d1fd", "leo-8c720336", "mia-0c0ffee0"])
    }

    @Test("babies of one run named alike get the id in their attachment names; the others keep the name alone")
    func attachments() throws {
        let birth = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC
        let babies = [
            Baby(id: Self.id, name: "Léo", birthday: birth),
            Baby(id: Self.otherID, name: "Léo", birthday: birth),
            Baby(id: Self.thirdID, name: "Mia", birthday: birth),
        ]
        let options = AggregationOptions(timeZone: try #require(TimeZone(identifier: "UTC")), today: CivilDate(year: 2026, month: 1, day: 31))
        let plan = DigestPlan(babies: babies, options: options, choice: .latestComplete, redact: false)
        #expect(plan.targets.map { $0.attachmentName(redact: false) } == ["Léo-37f3d1fd-week-003.csv", "Léo-8c720336-week-003.csv", "Mia-week-003.csv"])
    }

    @Test("two babies with the same id (a damaged store) still get two folders")
    func sameID() {
        let twins = [
            Baby(id: Self.id, name: "Léo", birthday: Date(timeIntervalSince1970: 0)),
            Baby(id: Self.id, name: "Léo", birthday: Date(timeIntervalSince1970: 0)),
        ]
        #expect(BabySlug.assign(twins, redact: false) == ["leo-37f3d1fd", "leo-37f3d1fd-2"])
    }

    @Test("with --redact every folder is baby-<id>, so no name shows in a path")
    func redacted() {
        let babies = [
            Baby(id: Self.id, name: "Léo", birthday: Date(timeIntervalSince1970: 0)),
            Baby(id: Self.otherID, name: "Mia", birthday: Date(timeIntervalSince1970: 0)),
        ]
        #expect(BabySlug.assign(babies, redact: true) == ["baby-37f3d1fd", "baby-8c720336"])
    }

    @Test("file and attachment names", arguments: [
        ("Léo", 20, false, "leo-37f3d1fd", "leo-37f3d1fd/week-020.md", "Léo-week-020.csv"),
        ("Mia Sofía", 7, false, "mia-sofia-37f3d1fd", "mia-sofia-37f3d1fd/week-007.md", "Mia-Sofía-week-007.csv"),
        ("a/b: c?", 123, false, "a-b-c-37f3d1fd", "a-b-c-37f3d1fd/week-123.md", "a-b-c-week-123.csv"),
        ("Léo", 1234, false, "leo-37f3d1fd", "leo-37f3d1fd/week-1234.md", "Léo-week-1234.csv"),
        ("L. M.", 3, true, "baby-37f3d1fd", "baby-37f3d1fd/week-003.md", "baby-37f3d1fd-week-003.csv"),
    ])
    func names(name: String, week: Int, redact: Bool, slug: String, path: String, attachment: String) {
        let baby = Baby(id: Self.id, name: name, birthday: Date(timeIntervalSince1970: 0))
        let target = DigestTarget(baby: baby, index: 0, name: name, slug: slug, birthDate: CivilDate(year: 2026, month: 1, day: 1),
                                  ageToday: Age(days: 7 * week + 8), week: week)
        #expect(target.relativePath(.markdown) == path)
        #expect(target.attachmentName(redact: redact) == attachment)
    }
}
