import Foundation
import PropertyList

/// The phone's own settings at the time of the backup: its time zone, interface language and region.
/// They are hints for defaults (travel can mislead), so anything missing or damaged is simply absent.
public struct PhoneSettings: Sendable, Hashable, Codable {
    public enum ZoneSource: String, Sendable, Hashable, Codable {
        /// DatabaseDomain `timezone/localtime`, the link to the zone file the phone uses.
        case localtime
        /// HomeDomain `com.apple.AppStore.plist` `lastBootstrapTimeZone` (may be stale).
        case appStore
    }

    /// An IANA zone name as the phone gives it (`America/Argentina/Buenos_Aires`), not yet checked.
    public var timeZone: String?
    public var zoneSource: ZoneSource?
    /// `AppleLanguages`, most preferred first (`de-DE`, `en-US`).
    public var languages: [String] = []
    /// `AppleLocale` (`de_DE`, `en_US@calendar=gregorian`).
    public var locale: String?

    public init(timeZone: String? = nil, zoneSource: ZoneSource? = nil, languages: [String] = [], locale: String? = nil) {
        self.timeZone = timeZone
        self.zoneSource = zoneSource
        self.languages = languages
        self.locale = locale
    }

    /// The region of `AppleLocale` (`de_DE` → `DE`, `en_US@calendar=…` → `US`), uppercased.
    public var region: String? {
        guard let locale else { return nil }
        let base = locale.split(separator: "@").first ?? ""
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count >= 2 else { return nil }
        return parts.last.map { $0.uppercased() }
    }

    /// The zone name a `timezone/localtime` link target names: everything after the last `zoneinfo/`.
    static func zoneName(linkTarget: String) -> String? {
        guard let range = linkTarget.range(of: "zoneinfo/", options: .backwards) else { return nil }
        let name = String(linkTarget[range.upperBound...])
        return name.isEmpty ? nil : name
    }
}

extension OpenedBackup {
    /// The phone's settings, from the files iOS keeps them in; never throws (settings are hints).
    public func phoneSettings() -> PhoneSettings {
        var settings = PhoneSettings()
        // Each candidate must be a zone of the time-zone database, else the next one is tried.
        if let link = try? record(domain: "DatabaseDomain", relativePath: "timezone/localtime"),
           let target = link.target, let name = PhoneSettings.zoneName(linkTarget: target), TimeZone(identifier: name) != nil {
            settings.timeZone = name
            settings.zoneSource = .localtime
        } else if let name = plist(domain: "HomeDomain", "Library/Preferences/com.apple.AppStore.plist")?["lastBootstrapTimeZone"]?.string,
                  TimeZone(identifier: name) != nil {
            settings.timeZone = name
            settings.zoneSource = .appStore
        }
        // A managed device's profile overrides the user's own choice.
        let preferences = [plist(domain: "ManagedPreferencesDomain", "mobile/.GlobalPreferences.plist"),
                           plist(domain: "HomeDomain", "Library/Preferences/.GlobalPreferences.plist")].compactMap { $0 }
        settings.languages = preferences.lazy.compactMap { $0["AppleLanguages"]?.array?.compactMap(\.string) }.first { !$0.isEmpty } ?? []
        settings.locale = preferences.lazy.compactMap { $0["AppleLocale"]?.string }.first { !$0.isEmpty }
        return settings
    }

    private func plist(domain: String, _ relativePath: String) -> PropertyListValue? {
        guard let bytes = smallFile(domain: domain, relativePath: relativePath) else { return nil }
        return try? PropertyList.read(bytes, limits: DeviceBackup.plistLimits)
    }
}
