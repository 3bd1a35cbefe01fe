import Foundation
import ParPairModel

/// One baby's digest to make: which week, under which file names.
public struct DigestTarget: Sendable, Hashable {
    /// The baby as read from the store.
    public var baby: Baby
    /// The baby's position among the babies given to the plan (and to the aggregation).
    public var index: Int
    /// The name shown: as recorded, or initials with `--redact`.
    public var name: String
    /// The folder name under `--out` (see `BabySlug`).
    public var slug: String
    /// The local date of birth.
    public var birthDate: CivilDate
    /// The age on the run's today.
    public var ageToday: Age
    /// The age-week covered.
    public var week: Int
    /// Another baby of the run has the same attachment name: this one's attachments carry the id too.
    public var sharesAttachmentName = false

    public init(baby: Baby, index: Int, name: String, slug: String, birthDate: CivilDate, ageToday: Age, week: Int) {
        self.baby = baby
        self.index = index
        self.name = name
        self.slug = slug
        self.birthDate = birthDate
        self.ageToday = ageToday
        self.week = week
    }

    /// The week's first local date (day 7k of life).
    public var startDate: CivilDate { birthDate.adding(days: 7 * week) }
    /// The week's last local date (day 7k+6 of life).
    public var endDate: CivilDate { birthDate.adding(days: 7 * week + 6) }

    /// `week-007.md`: the week with three digits (more when needed), then the format's extension.
    public func fileName(_ format: ReportFormat) -> String { fileName(extension: format.rawValue) }

    /// `week-007.pdf`.
    public func fileName(extension: String) -> String {
        let digits = String(week)
        return "week-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + "." + `extension`
    }

    /// `leo-37f3d1fd/week-007.md`, relative to `--out`.
    public func relativePath(_ format: ReportFormat) -> String { slug + "/" + fileName(format) }

    /// `leo-37f3d1fd/week-007.pdf`, relative to `--out`.
    public var pdfRelativePath: String { slug + "/" + fileName(extension: "pdf") }

    /// The CSV's name in an e-mail: `Léo-week-007.csv`. The shown name is kept (a mail client shows
    /// it as is) with characters that file systems refuse, and spaces, turned into `-`; with
    /// `--redact`, or when nothing is left, the slug stands in. When another baby of the message has the
    /// same name, the id's first 8 hex digits follow it (`Léo-37f3d1fd-week-007.csv`).
    public func attachmentName(redact: Bool, extension: String = "csv") -> String {
        let base = attachmentBase(redact: redact)
        let shared = sharesAttachmentName && base != slug ? "-" + baby.id.idPrefix : ""
        return base + shared + "-" + fileName(extension: `extension`)
    }

    /// The attachment name's part before the week.
    func attachmentBase(redact: Bool) -> String {
        var base = ""
        if !redact {
            for character in name {
                if character.isWhitespace || "/\\:*?\"<>|".contains(character)
                    || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    if !base.hasSuffix("-"), !base.isEmpty { base += "-" }
                } else {
                    base.append(character)
                }
            }
            while base.hasSuffix("-") || base.hasSuffix(".") { base.removeLast() }
            while base.hasPrefix(".") { base.removeFirst() }
        }
        if base.isEmpty { base = slug }
        return base
    }
}
