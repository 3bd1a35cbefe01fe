import Foundation
import ParPairModel

/// Which babies of several phones are the same child: the same id, else the same name (ignoring case and
/// accents) and the same birthday (the local day). Phones are taken in the order `FamilySource` sorts them, so
/// each child is known by the id and name of the first phone that has them.
public struct BabyMatching: Sendable {
    /// The family's babies, ordered by birthday, then name, then id.
    public private(set) var babies: [Baby] = []
    /// For each phone, its babies' ids that differ from the family's id of the same child.
    public private(set) var renamedIDs: [[UUID: UUID]] = []
    /// One line per child found on more than one phone: `Nora (born 2026-10-01) on Dad's iPhone is Nora on Mom's iPhone (same name and birthday)`.
    public private(set) var notes: [String] = []

    /// - Parameters:
    ///   - phones: each phone's name and babies, in the family's order of phones.
    ///   - timeZone: the zone whose local day a birthday is compared in.
    /// - Throws: `FamilyError.ambiguousBaby` when a baby could be either of two children of another phone.
    public init(phones: [(name: String, babies: [Baby])], timeZone: TimeZone) throws {
        let calendar = LifeCalendar(timeZone: timeZone, dayStartMinutes: 0)
        var owner: [UUID: Int] = [:]  // family id -> the phone it was first seen on
        for (index, phone) in phones.enumerated() {
            var renamed: [UUID: UUID] = [:]
            var taken: Set<UUID> = []
            for baby in phone.babies {
                if let first = owner[baby.id] {
                    if first != index, taken.insert(baby.id).inserted {
                        notes.append("\(baby.name) on \(phone.name) is \(baby.name) on \(phones[first].name) (same id)")
                    }
                    continue
                }
                let day = calendar.civilDate(of: baby.birthday)
                let candidates = babies.filter { other in
                    owner[other.id] != index && !taken.contains(other.id)
                        && Self.sameName(other.name, baby.name) && calendar.civilDate(of: other.birthday) == day
                }
                if candidates.count > 1 {
                    throw FamilyError.ambiguousBaby(baby.name, phone: phone.name, born: day.description, choices: candidates.map {
                        "\($0.name) (\($0.id.uuidString)) on \(phones[owner[$0.id]!].name)"
                    })
                }
                if let match = candidates.first {
                    renamed[baby.id] = match.id
                    taken.insert(match.id)
                    notes.append("\(baby.name) (born \(day)) on \(phone.name) is \(match.name) on \(phones[owner[match.id]!].name) "
                        + "(same name and birthday)")
                    continue
                }
                owner[baby.id] = index
                babies.append(baby)
            }
            renamedIDs.append(renamed)
        }
        babies.sort { ($0.birthday, $0.name, $0.id.uuidString) < ($1.birthday, $1.name, $1.id.uuidString) }
    }

    /// Names as people type them: case, accents, width and surrounding spaces do not count.
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.trimmingCharacters(in: .whitespaces).compare(b.trimmingCharacters(in: .whitespaces),
                                                       options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]) == .orderedSame
    }
}

/// Several stores could not be read as one family.
public enum FamilyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A baby of one phone matches more than one child of the others by name and birthday.
    case ambiguousBaby(String, phone: String, born: String, choices: [String])
    /// The same store (or the same phone's backup) named twice.
    case samePhoneTwice(String)

    public var description: String {
        switch self {
        case .ambiguousBaby(let name, let phone, let born, let choices):
            "\(name) (born \(born)) on \(phone) could be any of \(choices.count) babies of the other phones: "
                + choices.joined(separator: "; ") + "; give each baby the same id on both phones, or read the phones apart"
        case .samePhoneTwice(let phone):
            "\(phone) is named twice; name each phone (or store) once"
        }
    }
}
