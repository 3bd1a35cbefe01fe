import Foundation

/// Files of the package the tests read, found from this source file's path.
enum PackageFiles {
    /// The package root: three levels above `Tests/EndToEndTests/PackageFiles.swift`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The committed sample store folder's files.
    static var sampleStore: String { root.appendingPathComponent("samples/default.store").path }

    /// The golden files `ParPairReportTests` keeps.
    static var goldenFolder: URL { root.appendingPathComponent("Tests/ParPairReportTests/Golden") }

    /// The arguments that pin the sample's reports: its last day, in its time zone.
    static let sampleSettings = ["--today", "2026-11-20", "--tz", "America/New_York"]
}
