import Foundation
import Testing
@testable import ParPairCLI

/// The family file's grammar (docs/two-phones.md), line by line, and its errors naming file, line and key.
@Suite struct FamilyFileTests {
    @Test func sectionsSettingsCommentsAndQuotes() throws {
        let text = """
            # a comment
              backups = ~/Backup   # a comment after a value
            units = imperial
            store = a.store
            store = b.store

            [phone Dad\u{2019}s iPhone]   # a device name as iOS writes it
            password-file = "dad #1.pw"
            [baby  "Nora Lee" ]
            due-date = 2026-10-18\r
            """
        let family = try FamilyFile(path: "family", text: text)
        #expect(family.settings.map(\.key) == ["backups", "units", "store", "store"])
        #expect(family.value("backups")?.value == "~/Backup")
        #expect(family.value("backups")?.line == 2)
        #expect(family.phones.map(\.name) == ["Dad\u{2019}s iPhone"])
        #expect(family.phones.first?.value("password-file")?.value == "dad #1.pw", "a quoted value keeps its #")
        #expect(family.babies.map(\.name) == ["Nora Lee"])
        #expect(family.babies.first?.value("due-date")?.value == "2026-10-18")
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var error: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(name: "an unknown key", text: "backups = x\n[phone a]\ncolour = red\n",
            error: "family:3: colour: unknown key in a [phone] section; known: password-file, store"),
        Bad(name: "a key given twice", text: "units = metric\n\nunits = imperial\n", error: "family:3: units: given twice (first on line 1)"),
        Bad(name: "an unknown section", text: "[car x]\n", error: "family:1: unknown section [car]; sections are [phone NAME|UDID] and [baby NAME]"),
        Bad(name: "a section without a name", text: "[phone]\n", error: "family:1: [phone] needs a name: [phone NAME]"),
        Bad(name: "an unclosed section", text: "[phone x\n", error: "family:1: a section opens with '[' but has no ']'"),
        Bad(name: "a line without '='", text: "units imperial\n", error: "family:1: expected 'key = value', a [section] or a # comment"),
        Bad(name: "no value", text: "units =\n", error: "family:1: units: no value after '='"),
        Bad(name: "a key of the wrong place", text: "[baby Nora]\nunits = imperial\n",
            error: "family:2: units: unknown key in a [baby] section; known: born-at, due-date"),
    ]

    @Test(arguments: bad) func errorsNameFileLineAndKey(_ bad: Bad) {
        #expect(throws: FamilyFileError.self) { try FamilyFile(path: "family", text: bad.text) }
        do {
            _ = try FamilyFile(path: "family", text: bad.text)
        } catch {
            #expect("\(error)" == bad.error)
        }
    }
}
