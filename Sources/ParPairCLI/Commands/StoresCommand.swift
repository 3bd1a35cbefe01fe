import Foundation
import PrintableText
import ParPairStore

/// `parpair-report stores [DIR...]`: every ParPair store it can find, with the argument that reads it.
enum StoresCommand: Subcommand {
    static let spec = CommandSpec(
        name: .stores, summary: "find ParPair stores: device backups, Mac app containers, store folders",
        usage: ["[DIR...]"], positional: .directory,
        description: """
        Lists every ParPair store in the folders given, with what to pass as STORE to read it: store
        files and folders, device backups (Finder, iTunes, idevicebackup2) and folders of them, and the
        app containers of an Apple Silicon Mac. Plain backups are looked into; encrypted ones are listed
        with device and date without a password. Without DIR, on macOS it looks in
        ~/Library/Application Support/MobileSync/Backup and ~/Library/Containers; elsewhere give the
        folders (where idevicebackup2 wrote its backups).
        """,
        examples: ["parpair-report stores ~/iphone-backup", "parpair-report stores --json"])

    static func run(_ parsed: Arguments, console: Console) throws {
        var folders = parsed.positionals
        if folders.isEmpty {
            guard let defaults = console.platform.defaultStoreFolders(home: console.environment["HOME"] ?? NSHomeDirectory()) else {
                throw UsageError("give the folders to search, such as the one idevicebackup2 wrote its backups to", command: name)
            }
            folders = defaults
        }
        // Finder's folder, unreadable for want of Full Disk Access, would otherwise look empty.
        for folder in folders {
            if let refusal = console.platform.privacyRefusal(reading: folder) { throw refusal }
        }
        let found = StoreDiscovery.find(in: folders)
        if parsed.flag(OptionTable.json) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            console.out(TerminalText.jsonSafe(String(decoding: try encoder.encode(found), as: UTF8.self)) + "\n")
            return
        }
        guard !found.isEmpty else {
            console.out("No ParPair store in \(PrintableText.escaped(folders.joined(separator: ", "))).\n")
            return
        }
        // Backup times on the family's clock: TZ's zone, else the system's (the JSON keeps UTC, for scripts).
        let zone = console.environment["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) } ?? .current
        for store in found {
            let arguments = PrintableText.escaped(store.arguments.map(shellQuoted).joined(separator: " "))
            console.out(arguments + "\n    " + PrintableText.escaped(describe(store, zone: zone)) + "\n")
        }
        // A family that logs on two phones has each day split over them: a folder of several phones' backups says so.
        for (folder, devices) in severalPhones(found) {
            console.out("\(PrintableText.escaped(shellQuoted(folder))) --all-devices\n    the \(devices) phones backed up there as one family (each holds the "
                + "logs made on it)\n")
        }
    }

    /// The folders holding the (newest) backups of more than one device, with how many devices, in order.
    static func severalPhones(_ found: [DiscoveredStore]) -> [(folder: String, devices: Int)] {
        var devices: [String: Set<String>] = [:]
        var order: [String] = []
        for store in found where store.kind == .backup && store.archived != true {
            guard let udid = store.udid, let path = store.arguments.first else { continue }
            let folder = (path as NSString).deletingLastPathComponent
            if devices[folder] == nil { order.append(folder) }
            devices[folder, default: []].insert(udid.lowercased())
        }
        return order.compactMap { folder in devices[folder].flatMap { $0.count > 1 ? (folder, $0.count) : nil } }
    }

    static func describe(_ store: DiscoveredStore, zone: TimeZone) -> String {
        var parts: [String] = []
        switch store.kind {
        case .store: parts.append("a store")
        case .container: parts.append("Mac app container" + (store.bundleID.map { " of \($0)" } ?? ""))
        case .backup:
            var text = (store.archived == true ? "archived backup of " : "backup of ") + (store.deviceName ?? "a device")
            if let udid = store.udid { text += " (UDID \(udid))" }
            if let date = store.date { text += ", " + BackupOrigin.localText(date, in: zone) }
            text += store.encrypted == true ? ", encrypted" : ", not encrypted"
            if let domain = store.domain { text += ", " + (domain.hasPrefix("AppDomainGroup-") ? "app group " : "app ") + (store.bundleID ?? domain) }
            parts.append(text)
        }
        if let note = store.note { parts.append(note) }
        return parts.joined(separator: "; ")
    }

    /// Quoted for a POSIX shell when it needs to be, so the line can be pasted.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:=@,".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
