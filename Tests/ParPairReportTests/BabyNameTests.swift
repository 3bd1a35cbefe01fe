import Foundation
import Testing
@testable import ParPairReport

/// A baby's name as shown: trimmed of the whitespace and line breaks around it as Foundation's
/// `trimmingCharacters(in: .whitespacesAndNewlines)` trims them (the reference), without its detour through UTF-16.
@Suite struct BabyNameTests {
    @Test(arguments: [
        "Léo", "  Léo  ", "\tMia Sofía\n", "\u{00A0}Ana\u{3000}", "\r\n", "", "   ", "Jo Ann", " \u{0301}Zoë ",
        "Zoë\u{2028}", "\u{FEFF}Eli", "\u{200B}Eli\u{200B}", "x\u{0085}", "\u{0009}\u{000B}\u{000C}Kim\u{000D}", "\u{1680}\u{2000}\u{200A}Ida\u{202F}\u{205F}",
    ])
    func aNameIsTrimmedAsFoundationTrimsIt(_ name: String) {
        #expect(BabyName.trimmed(name) == name.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func aNameOfWhitespaceAloneIsUnnamed() {
        #expect(BabyName.shown(" \n\t", redact: false) == "(unnamed baby)")
        #expect(BabyName.shown(" Léo ", redact: false) == "Léo")
    }
}
