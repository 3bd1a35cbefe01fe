import Foundation
import ParPairModel

/// Which babies of several phones are the same child: the same id, else the same name (ignoring case, accents and
/// width) and the same birthday (the local day). Phones are taken in the family's order (by identity), so each child
/// is known by the id and name of the first phone that has them, and born at the earliest time any phone gives:
/// a phone that recorded a later birth time drops none of the other phones' first logs.
public struct BabyMatching: Sendable {
    /// The family's babies, ordered by birthday, then name, then id.
    public private(set) var babies: [Baby] = []
    /// For each phone, its babies' ids that differ from the family's id of the same child.
    public private(set) var renamedIDs: [[UUID: UUID]] = []
    /// What a parent should know of the matching: each child matched by name and birthday (not by id, which is the
    /// app's own), and each child whose phones give different birth times.
    public private(set) var notes: [MatchNote] = []

    private struct Key: Hashable {
        var name: String
        var day: CivilDate
    }

    /// - Parameters:
    ///   - phones: each phone's name and babies, in the family's order of phones.
    ///   - timeZone: the zone whose local day a birthday is compared in.
    /// - Throws: `FamilyError.namesakes` when one phone has two babies of one name born the same day and another phone
    ///   has a baby of that name and day that its id does not settle.
    public init(phones: [(name: String, babies: [Baby])], timeZone: TimeZone) throws {
        let calendar = LifeCalendar(timeZone: timeZone, dayStartMinutes: 0)
        func key(_ baby: Baby) -> Key { Key(name: Self.folded(baby.name), day: calendar.civilDate(of: baby.birthday)) }
        // Ids seen on more than one phone settle their babies; the others are matched by name and day, which two
        // namesakes of one phone born the same day (twins of one name) cannot be.
        var phonesOfID: [UUID: Int] = [:]
        for phone in phones { for id in Set(phone.babies.map(\.id)) { phonesOfID[id, default: 0] += 1 } }
        try Self.refuseNamesakes(phones, phonesOfID: phonesOfID, key: key)

        /// The family's child of each id, and of each name and day not settled by an id.
        var childOfID: [UUID: Int] = [:]
        var childOfKey: [Key: Int] = [:]
        var children: [(baby: Baby, births: [(phone: Int, birthday: Date)], phones: Set<Int>)] = []
        for (index, phone) in phones.enumerated() {
            var renamed: [UUID: UUID] = [:]
            for baby in phone.babies {
                let babyKey = key(baby)
                var child = childOfID[baby.id]
                var byName = false
                if child == nil, phonesOfID[baby.id] == 1, let named = childOfKey[babyKey], !children[named].phones.contains(index) {
                    child = named
                    byName = true
                }
                guard let child else {
                    childOfID[baby.id] = children.count
                    if phonesOfID[baby.id] == 1 { childOfKey[babyKey] = childOfKey[babyKey] ?? children.count }
                    children.append((baby, [(index, baby.birthday)], [index]))
                    continue
                }
                if children[child].phones.contains(index) { continue }  // the same id twice on one phone: the store's own matter
                children[child].phones.insert(index)
                children[child].births.append((index, baby.birthday))
                let first = children[child].births[0].phone
                if byName {
                    notes.append(.sameNameAndBirthday(name: baby.name, born: babyKey.day, phone: phone.name,
                                                      child: children[child].baby.name, childPhone: phones[first].name))
                }
                if baby.id != children[child].baby.id { renamed[baby.id] = children[child].baby.id }
                childOfID[baby.id] = child
            }
            renamedIDs.append(renamed)
        }
        for child in children {
            var baby = child.baby
            baby.birthday = child.births.map(\.birthday).min() ?? baby.birthday
            babies.append(baby)
            guard Set(child.births.map(\.birthday)).count > 1 else { continue }
            notes.append(.birthTimes(name: baby.name, times: child.births.map { MatchNote.Birth(phone: phones[$0.phone].name, time: $0.birthday) }))
        }
        babies.sort { ($0.birthday, $0.name, $0.id.uuidString) < ($1.birthday, $1.name, $1.id.uuidString) }
    }

    /// Refuses twins of one name born the same day on one phone when another phone has a baby of that name and day
    /// that no shared id settles: the phones cannot tell which child is which. Phones and keys are taken in order, so
    /// the same phone is named whatever order the phones were given in.
    private static func refuseNamesakes(
        _ phones: [(name: String, babies: [Baby])], phonesOfID: [UUID: Int], key: (Baby) -> Key
    ) throws {
        var unsettled: [Key: [(phone: Int, baby: Baby)]] = [:]
        for (index, phone) in phones.enumerated() {
            for baby in phone.babies where phonesOfID[baby.id] == 1 { unsettled[key(baby), default: []].append((index, baby)) }
        }
        for (key, found) in unsettled.sorted(by: { ($0.key.day, $0.key.name) < ($1.key.day, $1.key.name) })
        where Set(found.map(\.phone)).count > 1 {
            let counts = Dictionary(grouping: found, by: \.phone)
            if let (phone, twins) = counts.sorted(by: { $0.key < $1.key }).first(where: { $0.value.count > 1 }) {
                throw FamilyError.namesakes(twins[0].baby.name, phone: phones[phone].name, born: key.day.description, count: twins.count)
            }
        }
    }

    /// A name as people type it: case, accents, width and surrounding spaces do not count.
    static func folded(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
                                                          locale: Locale(identifier: "en_US_POSIX"))
    }
}

/// What a parent should know of how several phones' babies were matched.
public enum MatchNote: Sendable, Hashable {
    /// A birth time one phone gives.
    public struct Birth: Sendable, Hashable {
        public var phone: String
        public var time: Date
    }

    /// `name`, born `born`, on `phone` is `child` of `childPhone`: no id in common, the same name and birthday.
    case sameNameAndBirthday(name: String, born: CivilDate, phone: String, child: String, childPhone: String)
    /// The child's phones give these birth times; the earliest counts.
    case birthTimes(name: String, times: [Birth])
}

/// Several stores could not be read as one family.
public enum FamilyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One phone has `count` babies of this name born the same day, and another phone a baby of that name and day.
    case namesakes(String, phone: String, born: String, count: Int)
    /// The same phone named twice: both spellings, and which is newer when they are two backups of one device.
    case samePhoneTwice(String, String, newer: String?)
    /// More phones than a family is read from.
    case tooManyPhones(Int)

    public var description: String {
        switch self {
        case .namesakes(let name, let phone, let born, let count):
            "\(phone) has \(count) babies named \(name) born \(born), and another phone has a baby of that name and birthday: "
                + "the phones cannot tell which child is which; give the babies different names in the app, or read the phones "
                + "one at a time (--device)"
        case .samePhoneTwice(let first, let second, let newer):
            "\(first) and \(second) are the same phone" + (newer.map { "; \($0) is the newer backup" } ?? "")
                + ": name each phone once"
        case .tooManyPhones(let count):
            "\(count) phones named; a family is read from at most \(FamilySource.maximumPhones)"
        }
    }
}
