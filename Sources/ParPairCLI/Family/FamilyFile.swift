import Foundation

/// The family file: a small text file a parent edits, naming the phones, the babies and the settings every run
/// shares (docs/two-phones.md has its reference). The grammar, line by line:
///
/// ```
/// file     = *line
/// line     = blank / comment / section / setting
/// blank    = *space
/// comment  = *space "#" *any
/// section  = *space "[" kind *space [name] "]" *space [comment]     ; kind: phone or baby; name up to "]"
/// setting  = *space key *space "=" *space value                     ; key: a-z, 0-9 and "-"
/// value    = *any, trimmed; a " #" and what follows is a comment; "…" keeps what is inside as it is
/// ```
///
/// Settings before the first section are the family's; a `[phone NAME|UDID]` or `[baby NAME]` section's belong
/// to that phone or baby. Each key is known, given once per section, and its value checked where it is read;
/// errors name the file, the line and the key.
struct FamilyFile: Sendable {
    /// One `key = value`, with its line for errors.
    struct Setting: Sendable {
        var key: String
        var value: String
        var line: Int
    }

    /// A `[phone …]` or `[baby …]` section.
    struct Section: Sendable {
        var kind: String
        var name: String
        var line: Int
        var settings: [Setting] = []

        func value(_ key: String) -> Setting? { settings.first { $0.key == key } }
    }

    /// The file as named, for errors.
    let path: String
    /// The family's settings, before any section.
    var settings: [Setting] = []
    var sections: [Section] = []

    static let familyKeys: Set<String> = [
        "backups", "store", "units", "paper", "lang", "tz", "last-visit", "day-start", "stale-after", "csv-dialect", "csv-headers",
    ]
    static let sectionKeys: [String: Set<String>] = [
        "phone": ["password-file", "store"],
        "baby": ["due-date", "born-at"],
    ]
    /// Keys of the family's settings that may be given more than once (each `store` a phone); in a section, none.
    static let repeatable: Set<String> = ["store"]
    static let sizeLimit = 1 << 20

    func value(_ key: String) -> Setting? { settings.first { $0.key == key } }
    var phones: [Section] { sections.filter { $0.kind == "phone" } }
    var babies: [Section] { sections.filter { $0.kind == "baby" } }

    /// An error naming the file, the line and the key.
    func error(_ setting: Setting, _ message: String) -> FamilyFileError {
        FamilyFileError(path: path, line: setting.line, key: setting.key, message: message)
    }

    /// Parses the text of a family file.
    /// - Throws: `FamilyFileError` for the first line that does not fit the grammar or names an unknown key.
    init(path: String, text: String) throws {
        self.path = path
        var current: Section?
        // An editor's byte order mark and CRLF line ends are read as the text they stand for (a CRLF is one Character
        // in Swift, so the lines are split on scalars).
        var text = Substring(text)
        if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
            String(String.UnicodeScalarView(scalars.last == "\r" ? scalars.dropLast() : scalars[...]))
        }
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func fail(_ key: String?, _ message: String) -> FamilyFileError {
                FamilyFileError(path: path, line: number, key: key, message: message)
            }
            if line.hasPrefix("[") {
                guard let close = line.firstIndex(of: "]") else { throw fail(nil, "a section opens with '[' but has no ']'") }
                let rest = line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
                guard rest.isEmpty || rest.hasPrefix("#") else { throw fail(nil, "text after the section's ']'") }
                let inside = line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                let kind = String(inside.prefix { !$0.isWhitespace })
                let name = Self.unquoted(inside.dropFirst(kind.count).trimmingCharacters(in: .whitespaces))
                guard Self.sectionKeys[kind] != nil else {
                    throw fail(nil, "unknown section [\(kind)]; sections are [phone NAME|UDID] and [baby NAME]")
                }
                guard !name.isEmpty else { throw fail(nil, "[\(kind)] needs a name: [\(kind) NAME]") }
                if let open = current { sections.append(open) }
                if let earlier = sections.first(where: { $0.kind == kind && $0.name == name }) {
                    throw fail(nil, "[\(kind) \(name)] given twice (first on line \(earlier.line))")
                }
                current = Section(kind: kind, name: name, line: number)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { throw fail(nil, "expected 'key = value', a [section] or a # comment") }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, key.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }) else {
                throw fail(nil, "'\(key)' is not a key (lower-case letters, digits and '-')")
            }
            let value = Self.value(line[line.index(after: equals)...])
            let known = current.map { Self.sectionKeys[$0.kind] ?? [] } ?? Self.familyKeys
            guard known.contains(key) else {
                let place = current.map { "a [\($0.kind)] section" } ?? "the family's settings (before any section)"
                throw fail(key, "unknown key in \(place); known: \(known.sorted().joined(separator: ", "))")
            }
            guard !value.isEmpty else { throw fail(key, "no value after '='") }
            let setting = Setting(key: key, value: value, line: number)
            let earlier = current?.value(key) ?? (current == nil ? self.value(key) : nil)
            if let earlier, current != nil || !Self.repeatable.contains(key) {
                throw fail(key, "given twice (first on line \(earlier.line))")
            }
            if current != nil { current!.settings.append(setting) } else { settings.append(setting) }
        }
        if let open = current { sections.append(open) }
    }

    /// A value without its trailing comment, trimmed, and without surrounding quotes.
    static func value(_ text: Substring) -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("\"") { return unquoted(text) }
        if let comment = text.range(of: " #") { text = String(text[..<comment.lowerBound]) }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// What is between a pair of double quotes (to the last one); the text itself when it is not quoted.
    static func unquoted(_ text: String) -> String {
        guard text.hasPrefix("\""), let last = text.lastIndex(of: "\""), last > text.startIndex else { return text }
        return String(text[text.index(after: text.startIndex)..<last])
    }
}

/// A family file that cannot be used: `FILE:LINE: key: message`.
struct FamilyFileError: CommandError {
    var path: String
    var line: Int?
    var key: String?
    var message: String
    var exitCode: ExitCode = .dataError

    var description: String {
        var text = path
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += "\(key): " }
        return text + message
    }
}
