import Foundation

/// The country of each time zone, from the time-zone database's `zone1970.tab`: a PDF with no paper named
/// anywhere else is printed on the paper of the country whose zone counts the days (`--tz America/New_York`:
/// Letter). A zone of several countries (`CH,DE,LI  Europe/Zurich`) is the first one's.
public struct ZoneCountries: Sendable {
    /// The first country code of each zone named in the table.
    private let countries: [String: String]

    /// Reads the table's text: `codes<TAB>coordinates<TAB>TZ[<TAB>comments]` lines, `#` comments.
    public init(table text: String) {
        var countries: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let first = fields[0].split(separator: ",").first, first.count == 2 else { continue }
            countries[String(fields[2])] = first.uppercased()
        }
        self.countries = countries
    }

    /// The two-letter country of `zone`, nil for a zone the table does not list (`UTC`, `Etc/GMT+5`). A link
    /// the table does not name (`US/Eastern`, `America/Indianapolis`) is followed to the zone it links to
    /// when the zone folder holds it as a symbolic link.
    public func country(of zone: String) -> String? {
        if let country = countries[zone] { return country }
        let folder = Self.folder
        guard !zone.contains(".."), let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + zone) else {
            return nil
        }
        // `../America/Indiana/Indianapolis`, or an absolute path inside the folder.
        let resolved = URL(fileURLWithPath: target, relativeTo: URL(fileURLWithPath: folder + "/" + zone).deletingLastPathComponent())
            .standardizedFileURL.path
        guard resolved.hasPrefix(folder + "/") else { return nil }
        return countries[String(resolved.dropFirst(folder.count + 1))]
    }

    /// The system's zone folder: `TZDIR`, else `/usr/share/zoneinfo` (Debian's tzdata and macOS).
    static var folder: String {
        let given = ProcessInfo.processInfo.environment["TZDIR"] ?? ""
        return given.hasPrefix("/") ? given : "/usr/share/zoneinfo"
    }

    /// The system's `zone1970.tab`; empty (every zone without a country, so A4) when the file is missing.
    public static let system = ZoneCountries(table: (try? String(contentsOfFile: folder + "/zone1970.tab", encoding: .utf8)) ?? "")
}

extension PDFRenderer.Paper {
    /// The paper of the country of `zone` (Letter in the US, Canada, Mexico, the Philippines and the other
    /// Letter countries); nil for a zone of no country.
    public init?(zone: String, countries: ZoneCountries = .system) {
        guard let country = countries.country(of: zone) else { return nil }
        self.init(region: country)
    }
}
