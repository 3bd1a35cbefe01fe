import DeviceBackup
import Foundation

/// What the user named as STORE, with what picks a store inside a device backup.
public struct StoreRequest: Sendable {
    /// A store file, a folder holding `default.store`, a device backup folder, or a folder of backups.
    public var path: String
    /// `--device NAME|UDID`: which backup, when the folder holds several.
    public var device: String?
    /// `--app BUNDLE_ID`: which app's store, when a backup holds several ParPair stores.
    public var app: String?
    /// The backup password, asked only for an encrypted backup; nil when none can be had.
    public var password: @Sendable () throws -> [UInt8]?
    /// Told things the user should know that do not stop the run (one sentence each), such as a copy
    /// that looks partial.
    public var warn: @Sendable (String) -> Void
    /// Told facts worth a line that are not warnings, such as which of several backups of a device is read.
    public var note: @Sendable (String) -> Void = { _ in }
    /// Told a line to show while an encrypted backup's key is derived (seconds of CPU), then nil once done.
    public var progress: @Sendable (String?) -> Void = { _ in }

    public init(
        path: String, device: String? = nil, app: String? = nil, password: @escaping @Sendable () throws -> [UInt8]? = { nil },
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.warn = warn
        self.path = path
        self.device = device
        self.app = app
        self.password = password
    }
}

/// Where a store came from when it was restored from a device backup: shown by `info` and in reports' small print.
public struct BackupOrigin: Sendable, Hashable, Codable {
    public var backupPath: String
    public var deviceName: String
    public var udid: String
    public var date: Date?
    public var encrypted: Bool
    /// `AppDomainGroup-group.org.parpair.shared` or `AppDomain-org.parpair.app`.
    public var domain: String
    /// The phone's time zone, language and region at the time of the backup.
    public var phone = PhoneSettings()

    public init(backupPath: String, deviceName: String, udid: String, date: Date?, encrypted: Bool, domain: String,
                phone: PhoneSettings = PhoneSettings()) {
        self.backupPath = backupPath
        self.deviceName = deviceName
        self.udid = udid
        self.date = date
        self.encrypted = encrypted
        self.domain = domain
        self.phone = phone
    }

    /// The app's (or app group's) identifier: the domain without its `AppDomain-` / `AppDomainGroup-` prefix.
    public var bundleID: String { BackupOrigin.bundleID(ofDomain: domain) }

    /// `2026-11-20 06:30 UTC`.
    public static func utcText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// `2026-11-20`, the day in UTC.
    static func dayText(_ date: Date) -> String {
        String(utcText(date).prefix(10))
    }

    static func bundleID(ofDomain domain: String) -> String {
        for prefix in ["AppDomainGroup-", "AppDomain-"] where domain.hasPrefix(prefix) { return String(domain.dropFirst(prefix.count)) }
        return domain
    }

    /// `2026-11-20 01:30 EST`: a backup's time on the clock of `zone` (the family's, in which the report counts
    /// days), with the zone's abbreviation, or its offset from GMT where it has none in English (`GMT+1`).
    public static func localText(_ date: Date, in zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        // UTC's English abbreviation is GMT (and Foundation names TimeZone(identifier: "UTC") GMT): UTC is what people read.
        formatter.dateFormat = universal.contains(zone.identifier) ? "yyyy-MM-dd HH:mm 'UTC'" : "yyyy-MM-dd HH:mm zzz"
        return formatter.string(from: date)
    }

    private static let universal: Set<String> = [
        "UTC", "Etc/UTC", "UCT", "Etc/UCT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu", "GMT", "Etc/GMT", "GMT0", "Etc/GMT0", "Greenwich",
    ]

    /// `backup of Ana's iPhone made 2026-11-20 01:30 EST (encrypted), app group group.org.parpair.shared`, the time
    /// on the clock of `zone`.
    public func summary(in zone: TimeZone) -> String {
        var text = "backup of \(deviceName)"
        if let date { text += " made \(Self.localText(date, in: zone))" }
        if encrypted { text += " (encrypted)" }
        text += domain.hasPrefix("AppDomainGroup-") ? ", app group \(bundleID)" : ", app \(bundleID)"
        return text
    }
}

/// A store inside a device backup could not be picked.
public enum BackupStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder holds several device backups and `--device` did not pick one; each line describes one.
    case severalDevices(String, devices: [String])
    case noSuchDevice(String, wanted: String, devices: [String])
    /// `--device` names several devices (two phones of one name, or a start of several names); each line describes one.
    case ambiguousDevice(String, wanted: String, devices: [String])
    /// Several ParPair stores (an app and its app group, or two apps) and no `--app`.
    case severalApps(String, domains: [String])
    /// No ParPair store; `domains` had a `default.store` of another app.
    case noParPairStore(String, domains: [String], app: String?)

    public var description: String {
        switch self {
        case .severalDevices(let path, let devices):
            "\(path) holds backups of \(devices.count) devices; when they log the same babies, read them as one family with "
                + "--all-devices, else pick one with --device NAME|UDID: " + devices.joined(separator: "; ")
        case .noSuchDevice(let path, let wanted, let devices):
            "\(path) holds no backup of a device named or with UDID '\(wanted)'; it holds: " + devices.joined(separator: "; ")
        case .ambiguousDevice(let path, let wanted, let devices):
            "--device '\(wanted)' could be any of \(devices.count) devices in \(path); pick one by its UDID: " + devices.joined(separator: "; ")
        case .severalApps(let path, let domains):
            "\(path) holds \(domains.count) ParPair stores; pick one with --app BUNDLE_ID: "
                + domains.map(BackupOrigin.bundleID(ofDomain:)).joined(separator: ", ")
        case .noParPairStore(let path, let domains, let app):
            (app.map { "\(path): no ParPair store of app '\($0)' in this backup" } ?? "\(path): no ParPair store in this backup")
                + (domains.isEmpty ? " (no app has a Library/Application Support/default.store)"
                    : "; these domains have a default.store that is not ParPair's: " + domains.joined(separator: ", "))
        }
    }
}

extension StoreRequest {
    /// The UDIDs of the devices with a backup directly inside `folder` (a folder of backups such as
    /// `MobileSync/Backup`), each once, sorted; a backup that does not open is left out. Empty when `folder`
    /// is itself a device backup or holds none.
    public static func deviceUDIDs(in folder: String) -> [String] {
        guard !DeviceBackup.isBackup(folder) else { return [] }
        var udids: [String] = []
        for path in DeviceBackup.backups(in: folder) {
            guard let backup = try? DeviceBackup(path: path) else { continue }
            if !udids.contains(where: { $0.caseInsensitiveCompare(backup.udid) == .orderedSame }) { udids.append(backup.udid) }
        }
        return udids.sorted()
    }
}
