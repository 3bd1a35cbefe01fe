import Foundation
import PrintableText
import ParPairModel
import ParPairReport
import ParPairStore

/// `parpair-report info STORE`: what a store holds, and anything odd about it.
enum InfoCommand: Subcommand {
    static let spec = CommandSpec(
        name: .info, summary: "describe a store: babies, rows per table, time span, layout, warnings",
        usage: ["STORE..."], positional: .file,
        description: """
        Describes the ParPair store at STORE: each baby with id, birthday and age today, rows per table,
        the first and last log, how enumerations are laid out, the Core Data framework version, orphan
        logs and other warnings, and where the time zone came from. The store is read from a private
        snapshot; nothing is written beside it.
        \(StoreArguments.help)
        """)

    static func run(_ parsed: Arguments, console: Console) throws {
        _ = try parsed.positionals(atLeastOne: "STORE")
        let settings = try AggregationArguments(parsed, environment: console.environment)
        let stores = try StoreArguments.requests(parsed, console: console)
        guard stores.count == 1 else {
            // Several phones: each store's facts in turn (a JSON array of them).
            // On the family's clock, as every report of the family: the zone of the first phone (by UDID) backed up.
            let infos = try InfoJob.run(stores)
            let origin = infos.compactMap(\.source).min { $0.udid.lowercased() < $1.udid.lowercased() }
            let resolved = settings.phoneDefaults.resolve(options: settings.options, language: .english, paper: nil, origin: origin,
                                                          warn: { console.err("parpair-report: warning: \(PrintableText.escaped($0))\n") })
            let calendar = LifeCalendar(timeZone: resolved.options.timeZone)
            let today = resolved.options.today
            if parsed.flag(OptionTable.json) {
                let objects = try infos.map {
                    try json($0, calendar: calendar, today: today, zoneFromPhone: resolved.zoneFromPhone).trimmingCharacters(in: .newlines)
                }
                console.out("[\n" + objects.joined(separator: ",\n") + "\n]\n")
            } else {
                console.out(infos.map { text($0, calendar: calendar, today: today, zoneFromPhone: resolved.zoneFromPhone) }.joined(separator: "\n"))
            }
            return
        }
        let info = try InfoJob(store: stores[0]).run()
        let resolved = settings.phoneDefaults.resolve(options: settings.options, language: .english, paper: nil, origin: info.source,
                                                      warn: { console.err("parpair-report: warning: \(PrintableText.escaped($0))\n") })
        let calendar = LifeCalendar(timeZone: resolved.options.timeZone)
        let today = resolved.options.today
        if parsed.flag(OptionTable.json) {
            console.out(try json(info, calendar: calendar, today: today, zoneFromPhone: resolved.zoneFromPhone))
        } else {
            console.out(text(info, calendar: calendar, today: today, zoneFromPhone: resolved.zoneFromPhone))
        }
    }

    static func text(_ info: StoreInfo, calendar: LifeCalendar, today: CivilDate, zoneFromPhone: Bool = false) -> String {
        var lines: [String] = []
        lines.append("Store:      \(PrintableText.escaped(info.path))")
        if let source = info.source {
            lines.append("Source:     \(PrintableText.escaped(source.summary(in: calendar.timeZone)))")
            lines.append("Device:     \(PrintableText.escaped(source.deviceName)), UDID \(PrintableText.escaped(source.udid))")
        }
        var facts = "SQLite \(info.sqliteVersion)"
        if let version = info.frameworkVersion { facts += ", Core Data framework \(version)" }
        facts += info.journalModeWAL ? ", WAL journal" : ", rollback journal"
        if let wal = info.wal {
            facts += " (\(wal.frames) frames, \(wal.transactions) transactions not yet checkpointed)"
        }
        lines.append("Format:     \(facts)")
        let zoneSource = zoneFromPhone ? " (from the phone's settings)" : ""
        lines.append("Time zone:  \(calendar.timeZone.identifier)\(zoneSource), ages on \(today)")
        lines.append("")
        lines.append("Babies (\(info.babies.count)):")
        for baby in info.babies {
            let birthday = calendar.civilDate(of: baby.birthday)
            let age = calendar.age(birthday: baby.birthday, on: today)
            let logs = baby.logs.values.reduce(0, +)
            lines.append("  \(baby.name.isEmpty ? "(unnamed)" : PrintableText.escaped(baby.name))  born \(birthday)  \(age)  \(logs) logs  id \(baby.id.uuidString)")
        }
        if info.babies.isEmpty { lines.append("  none") }
        lines.append("")
        lines.append("Tables:")
        for table in info.tables {
            guard table.present else {
                lines.append("  \(table.table.rightPadded(13)) absent")
                continue
            }
            var line = "  \(table.table.rightPadded(13)) \(String(table.rows).leftPadded(8)) rows"
            if !table.enumLayouts.isEmpty {
                line += "  enums: " + table.enumLayouts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.rawValue)" }.joined(separator: ", ")
            }
            if table.orphans > 0 { line += "  orphans: \(table.orphans)" }
            if table.duplicateIDs > 0 { line += "  duplicate ids: \(table.duplicateIDs)" }
            lines.append(line)
        }
        lines.append("  total         \(String(info.totalLogs).leftPadded(8)) logs")
        if let first = info.firstLogTime, let last = info.lastLogTime {
            lines.append("")
            lines.append("First log:  \(calendar.iso8601(first))")
            lines.append("Last log:   \(calendar.iso8601(last))")
        }
        if info.orphanLogs > 0 {
            lines.append("Orphans:    \(info.orphanLogs) logs belong to no baby (they appear in reports as findings)")
        }
        if !info.warnings.isEmpty {
            lines.append("")
            lines.append("Warnings:")
            for warning in info.warnings { lines.append("  - \(PrintableText.escaped(warning))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The store's facts as JSON, with each baby's local birthday and age today added.
    static func json(_ info: StoreInfo, calendar: LifeCalendar, today: CivilDate, zoneFromPhone: Bool = false) throws -> String {
        let data = try info.jsonData()
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw GeneralError("internal error: store facts did not encode as a JSON object", exitCode: .software)
        }
        object["timeZone"] = calendar.timeZone.identifier
        object["timeZoneFromPhone"] = zoneFromPhone
        object["today"] = today.description
        object["babies"] = info.babies.map { baby -> [String: Any] in
            let birthday = calendar.civilDate(of: baby.birthday)
            let age = calendar.age(birthday: baby.birthday, on: today)
            return [
                "id": baby.id.uuidString, "name": baby.name, "rowID": baby.rowID,
                "birthday": ISO8601DateFormatter().string(from: baby.birthday),
                "birthDate": birthday.description, "ageToday": age.description, "ageDays": age.days,
                "logs": baby.logs,
            ]
        }
        let output = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return TerminalText.jsonSafe(String(decoding: output, as: UTF8.self)) + "\n"
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    /// Spaces after, up to `width` characters (a table's name: not through `NSString`'s `padding(toLength:)`,
    /// which bridges the string there and back).
    func rightPadded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
