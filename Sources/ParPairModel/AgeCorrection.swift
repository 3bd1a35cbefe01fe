import Foundation

/// What the parents know about a baby's term: the due date, or the gestational age at birth
/// (`--due-date 2026-08-19`, `--born-at 32w0d`).
public enum BirthTerm: Sendable, Hashable {
    case dueDate(CivilDate)
    /// Completed days of gestation at birth (32w0d = 224).
    case gestationalAge(days: Int)

    /// Completed days of gestation at a birth on `birthDate` (the due date is 280 days of gestation).
    public func gestationalAgeDays(bornOn birthDate: CivilDate) -> Int {
        switch self {
        case .dueDate(let due): AgeCorrection.termDays - (due.dayNumber - birthDate.dayNumber)
        case .gestationalAge(let days): days
        }
    }

    /// The earliest and latest gestational ages accepted: 22w0d (the limit of viability) to 44w6d.
    public static let plausibleDays = 154...314

    /// `33w4d`, `33+4`, `33w` or `33`: weeks and days of gestation at birth.
    public init?(parsingGestationalAge text: String) {
        let characters = Array(text.trimmingCharacters(in: .whitespaces).lowercased())
        let weekDigits = characters.prefix { $0.isASCII && $0.isNumber }
        let rest = characters.dropFirst(weekDigits.count)
        // Two digits at most: no gestation lasts 100 weeks, and a long number must not overflow.
        guard (1...2).contains(weekDigits.count), let weeks = Int(String(weekDigits)) else { return nil }
        var days = 0
        func day(_ tail: ArraySlice<Character>) -> Int? {
            guard tail.count == 1, let value = tail.first?.wholeNumberValue, value <= 6 else { return nil }
            return value
        }
        switch rest.first {
        case nil:
            break                                          // `33`
        case "w":
            var tail = rest.dropFirst()
            if tail.last == "d" {
                tail = tail.dropLast()
                guard !tail.isEmpty else { return nil }    // not `33wd`
            }
            if !tail.isEmpty {                             // `33w4d`, `33w4`; `33w` is 33w0d
                guard let value = day(tail) else { return nil }
                days = value
            }
        case "+":
            guard let value = day(rest.dropFirst()) else { return nil }   // `33+4`
            days = value
        default:
            return nil
        }
        self = .gestationalAge(days: weeks * 7 + days)
    }
}

/// Corrected (adjusted) age for a baby born early: the age counted from the due date, which paediatric
/// guidance uses to judge development until 1 or 2 years (AAP "Your Preemie's Growth & Developmental
/// Milestones"; RCPCH: until 2 years when born before 32 weeks, until 1 year when born at 32 to 36+6).
///
/// Term is 40 weeks (280 days); correction applies only to a baby born before 37 weeks (259 days), from
/// birth until 24 months of age when born before 32 weeks (224 days), else until 12 months. Everything is
/// counted in calendar days, so daylight saving never shifts it.
///
/// ```swift
/// let correction = AgeCorrection(birthDate: CivilDate(year: 2026, month: 6, day: 24), term: .gestationalAge(days: 224))
/// correction?.daysEarly              // 56 (8 weeks)
/// correction?.correctedDays(onDay: 120)  // 64: "corrected 9w1d"
/// ```
public struct AgeCorrection: Sendable, Hashable {
    /// 40 weeks: the due date's gestational age.
    public static let termDays = 280
    /// Born before 37w0d: preterm, and corrected.
    public static let pretermLimitDays = 259
    /// Born before 32w0d: corrected until 24 months, else until 12.
    public static let veryPretermLimitDays = 224

    public let birthDate: CivilDate
    /// Completed days of gestation at birth.
    public let gestationalAgeDays: Int

    /// Nil when the term puts the birth outside 22w0d…44w6d (a mistyped date or age).
    public init?(birthDate: CivilDate, term: BirthTerm) {
        let days = term.gestationalAgeDays(bornOn: birthDate)
        guard BirthTerm.plausibleDays.contains(days) else { return nil }
        self.birthDate = birthDate
        gestationalAgeDays = days
    }

    /// Whether the baby was born before 37 weeks, and so gets a corrected age.
    public var isPreterm: Bool { gestationalAgeDays < Self.pretermLimitDays }

    /// Days between the birth and the due date (negative when born after it).
    public var daysEarly: Int { Self.termDays - gestationalAgeDays }

    /// The due date: the birth date plus the days born early.
    public var dueDate: CivilDate { birthDate.adding(days: daysEarly) }

    /// How long correction applies, in months of age: 24 when born before 32 weeks, 12 before 37, nil at term.
    public var correctionMonths: Int? {
        guard isPreterm else { return nil }
        return gestationalAgeDays < Self.veryPretermLimitDays ? 24 : 12
    }

    /// The first date on which correction no longer applies (the 1st or 2nd birthday); nil at term.
    public var endDate: CivilDate? { correctionMonths.map { birthDate.adding(months: $0) } }

    /// Whether correction applies on day of life `day` (0 = day of birth).
    public func applies(onDay day: Int) -> Bool {
        guard let endDate else { return false }
        return day >= 0 && birthDate.adding(days: day) < endDate
    }

    /// The corrected age in days on day of life `day` (negative before the due date); nil when
    /// correction does not apply that day.
    public func correctedDays(onDay day: Int) -> Int? {
        applies(onDay: day) ? day - daysEarly : nil
    }

    /// `32w0d`: the gestational age at birth.
    public var gestationalAgeText: String { "\(gestationalAgeDays / 7)w\(gestationalAgeDays % 7)d" }

    /// `8w0d`: how early.
    public var earlyText: String { Self.weeksAndDays(daysEarly) }

    /// `10w6d`, `0w0d`, `-2w3d` (before the due date): an age in weeks and days.
    public static func weeksAndDays(_ days: Int) -> String {
        let magnitude = days.magnitude
        return (days < 0 ? "-" : "") + "\(magnitude / 7)w\(magnitude % 7)d"
    }
}
