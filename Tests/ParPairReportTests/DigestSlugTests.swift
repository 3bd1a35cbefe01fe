import Foundation
import ParPairModel
import ParPairReport
import Testing

/// Folder names of digests: lowercase ASCII, accents folded, unique per store.
@Suite("Digest folder names")
struct DigestSlugTests {
    static let id = UUID(uuidString: "37F3D1FD-7928-438B-B2C9-5D5A55963D58") ?? UUID()
    static let otherID = UUID(uuidString: "8C720336-B90E-452B-A83D-0B897700890B") ?? UUID()

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
        #expect(BabySlug.slug(of: name, id: Self.id) == slug)
    }

    @Test("a name that leaves nothing becomes baby-<id>", arguments: ["", "   ", "美玲", "🍼", "---"])
    func fallback(name: String) {
        #expect(BabySlug.slug(of: name, id: Self.id) == "baby-37f3d1fd")
    }

    @Test("a long name is cut to 40 characters, never ending in a dash")
    func length() {
        #expect(BabySlug.slug(of: String(repeating: "a", count: 60), id: Self.id) == String(repeating: "a", count: 40))
        let name = String(repeating: "a", count: 39) + " bcd"
        #expect(BabySlug.slug(of: name, id: Self.id) == String(repeating: "a", count: 39))
    }

    @Test("babies whose names fold alike all get their id prefix; others keep the plain slug")
    func collisions() {
        let babies = [
            Baby(id: Self.id, name: "Léo", birthday: Date(timeIntervalSince1970: 0)),
            Baby(id: Self.otherID, name: "Leo", birthday: Date(timeIntervalSince1970: 0)),
            Baby(id: UUID(), name: "Mia", birthday: Date(timeIntervalSince1970: 0)),
        ]
        #expect(BabySlug.assign(babies, redact: false) == ["leo-37f3d1fd", "leo-8c720336", "mia"])
        // The order of the store does not matter.
        #expect(BabySlug.assign(babies.reversed(), redact: false) == ["mia", "leo-8c720336", "leo-37f3d1fd"])
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
        ("Léo", 20, false, "leo", "leo/week-020.md", "Léo-week-020.csv"),
        ("Mia Sofía", 7, false, "mia-sofia", "mia-sofia/week-007.md", "Mia-Sofía-week-007.csv"),
        ("a/b: c?", 123, false, "a-b-c", "a-b-c/week-123.md", "a-b-c-week-123.csv"),
        ("Léo", 1234, false, "leo", "leo/week-1234.md", "Léo-week-1234.csv"),
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
