import Foundation
import ParPairAggregation
import ParPairModel
import Platform

/// `--family [FILE]`: the family file's settings become the run's defaults. An option given on the command line
/// wins; what the file sets is added as if typed, so it is parsed and checked by the option table like any other.
/// The stores come from the file when no STORE is given (`StoreArguments.requests`).
enum FamilyArguments {
    static let option = "--family"
    /// The family's settings and the options they stand for.
    static let optionOfKey: [(key: String, option: OptionSpec, check: @Sendable (String) throws -> Void)] = [
        ("units", OptionTable.units.spec, { _ = try OptionTable.units.parse($0) }),
        ("paper", OptionTable.paper.spec, { _ = try OptionTable.paper.parse($0) }),
        ("lang", OptionTable.lang.spec, { _ = try OptionTable.lang.parse($0) }),
        ("tz", OptionTable.tz.spec, { _ = try OptionTable.tz.parse($0) }),
        ("day-start", OptionTable.dayStart.spec, { _ = try OptionTable.dayStart.parse($0) }),
        ("stale-after", OptionTable.staleAfter.spec, { _ = try OptionTable.staleAfter.parse($0) }),
        ("last-visit", OptionTable.since.spec, { _ = try OptionTable.since.parse($0) }),
        ("csv-dialect", OptionTable.csvDialect.spec, { _ = try OptionTable.csvDialect.parse($0) }),
        ("csv-headers", OptionTable.csvHeaders.spec, { _ = try OptionTable.csvHeaders.parse($0) }),
    ]

    /// `$XDG_CONFIG_HOME/parpair/family`, else `~/.config/parpair/family`.
    static func defaultPath(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/parpair/family" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.config/parpair/family"
    }

    /// The arguments with `--family [FILE]` taken out and the file's settings added; the file, when one was named.
    /// `--family` takes the next word as its FILE unless it starts with `-`; alone, the default file is read.
    /// - Throws: `FamilyFileError` (file, line, key), `UsageError` for `--since last-visit` without a family file.
    static func expand(_ arguments: [String], command: CommandName, environment: [String: String]) throws -> ([String], FamilyFile?) {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var words = Array(arguments[..<end])
        let after = Array(arguments[end...])
        // A command that reads no store leaves '--family' to the parser, which says where it applies.
        guard OptionTable.family.spec.commands.contains(command),
              let at = words.firstIndex(where: { $0 == option || $0.hasPrefix(option + "=") }) else {
            if lastVisitIndex(words) != nil {
                throw UsageError("--since last-visit reads the last check-up's date from the family file; give --family [FILE]",
                                 command: command.rawValue)
            }
            return (arguments, nil)
        }
        var path: String
        if words[at].hasPrefix(option + "=") {
            path = String(words[at].dropFirst(option.count + 1))
            words.remove(at: at)
        } else if at + 1 < words.count, !words[at + 1].hasPrefix("-") {
            path = words[at + 1]
            words.removeSubrange(at...(at + 1))
        } else {
            path = defaultPath(environment: environment)
            words.remove(at: at)
        }
        if words.contains(where: { $0 == option || $0.hasPrefix(option + "=") }) {
            throw UsageError("option '--family' given more than once", command: command.rawValue)
        }
        let family = try load(path, home: environment["HOME"] ?? NSHomeDirectory())
        let taken = Set(OptionTable.options(for: command).map(\.name))
        // Every value is checked, whether this command reads it or not: the file is wrong either way.
        for (key, spec, check) in optionOfKey {
            guard let setting = family.value(key) else { continue }
            do { try check(setting.value) } catch { throw family.error(setting, "\(error)") }
            guard key != "last-visit", taken.contains(spec.name), !given(spec.name, in: words) else { continue }
            words += [spec.name, setting.value]
        }
        _ = try family.birthTerms()
        if let index = lastVisitIndex(words) {
            guard let visit = family.value("last-visit") else {
                throw FamilyFileError(path: path, line: nil, key: "last-visit",
                                      message: "--since last-visit needs 'last-visit = YYYY-MM-DD' among the family's settings")
            }
            if words[index].hasPrefix("--since=") { words[index] = "--since=" + visit.value } else { words[index + 1] = visit.value }
        }
        return (words + after, family)
    }

    static func given(_ name: String, in words: [String]) -> Bool {
        words.contains { $0 == name || $0.hasPrefix(name + "=") }
    }

    /// Where `--since last-visit` (or `--since=last-visit`) is.
    static func lastVisitIndex(_ words: [String]) -> Int? {
        for index in words.indices {
            if words[index] == "--since=last-visit" { return index }
            if words[index] == "--since", index + 1 < words.count, words[index + 1] == "last-visit" { return index }
        }
        return nil
    }

    /// Reads and parses the file: a regular file of at most 1 MiB of UTF-8; one that names password files must
    /// not be readable by others.
    static func load(_ path: String, home: String) throws -> FamilyFile {
        func refuse(_ message: String, _ code: ExitCode = .noInput) -> FamilyFileError {
            FamilyFileError(path: path, line: nil, key: nil, message: message, exitCode: code)
        }
        let file: PersonalFile
        do { file = try PersonalFile(path, limit: FamilyFile.sizeLimit) } catch {
            throw refuse(error.isMissing ? "no such family file (write one as docs/two-phones.md shows)" : error.reason)
        }
        guard !file.isLonger else { throw refuse("larger than 1 MiB; a family file is a few lines", .dataError) }
        guard let text = String(validating: file.bytes, as: UTF8.self) else { throw refuse("not UTF-8 text", .dataError) }
        var family = try FamilyFile(path: path, text: text)
        if let phone = family.phones.first(where: { $0.value("password-file") != nil }), file.permissions & 0o077 != 0 {
            let setting = phone.value("password-file")!
            throw FamilyFileError(
                path: path, line: setting.line, key: setting.key,
                message: "the file names password files but others can read it (mode \(String(file.permissions, radix: 8))); "
                    + "make it private with chmod 600 '\(path)'", exitCode: .noPermission)
        }
        family.resolvePaths(home: home)
        return family
    }
}

extension FamilyFile {
    /// Each `[baby NAME]`'s `due-date` or `born-at`, checked: the babies' own terms, as `--due-date` and `--born-at` take them.
    /// - Throws: `FamilyFileError` naming the line of a value that is not a date or a gestational age.
    func birthTerms() throws -> [NamedBirthTerm] {
        try babies.flatMap { baby in
            if baby.value("due-date") != nil, let second = baby.value("born-at") {
                throw self.error(second, "due-date and born-at say the same thing; give one")
            }
            return try baby.settings.map { setting in
                do {
                    let term: BirthTerm = setting.key == "due-date"
                        ? .dueDate(try OptionTable.dueDate.parse(setting.value)) : try OptionTable.bornAt.parse(setting.value)
                    return NamedBirthTerm(baby: baby.name, term: term, origin: "\(path):\(setting.line)")
                } catch {
                    throw self.error(setting, "\(error)")
                }
            }
        }
    }

    /// `~/…` from the home folder, and a relative path from the family file's folder, for every path the file names.
    mutating func resolvePaths(home: String) {
        let folder = (path as NSString).deletingLastPathComponent
        func resolved(_ value: String) -> String {
            if value == "~" { return home }
            if value.hasPrefix("~/") { return home + value.dropFirst() }
            if value.hasPrefix("/") { return value }
            return folder.isEmpty ? value : folder + "/" + value
        }
        let pathKeys: Set<String> = ["backups", "store", "password-file"]
        for index in settings.indices where pathKeys.contains(settings[index].key) { settings[index].value = resolved(settings[index].value) }
        for section in sections.indices {
            for index in sections[section].settings.indices where pathKeys.contains(sections[section].settings[index].key) {
                sections[section].settings[index].value = resolved(sections[section].settings[index].value)
            }
        }
    }

    /// The stores a run of the family reads: each phone (its own `store`, else the `backups` folder and the phone's
    /// name or UDID) with its password file; without phones, every `store`, else every device of `backups`.
    func targets() throws -> [(path: String, device: String?, passwordFile: String?)] {
        let backups = value("backups")?.value
        if !phones.isEmpty {
            return try phones.map { phone in
                if let store = phone.value("store") { return (store.value, nil, phone.value("password-file")?.value) }
                guard let backups else {
                    throw FamilyFileError(path: path, line: phone.line, key: nil,
                                          message: "[phone \(phone.name)] has no store, and the family names no 'backups' folder")
                }
                return (backups, phone.name, phone.value("password-file")?.value)
            }
        }
        let stores = settings.filter { $0.key == "store" }.map(\.value)
        if !stores.isEmpty { return stores.map { ($0, nil, nil) } }
        guard let backups else {
            throw FamilyFileError(path: path, line: nil, key: nil, message: "names no store: give 'backups = DIR', 'store = PATH' or [phone] sections")
        }
        return [(backups, nil, nil)]
    }
}
