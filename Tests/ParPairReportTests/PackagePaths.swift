import Foundation

/// Files of the package the tests read, found from this source file's path (no working-directory guess).
enum PackagePaths {
    /// The package root: three levels above `Tests/ParPairReportTests/PackagePaths.swift`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The committed sample store (`samples/default.store` with its `-wal`).
    static var sampleStore: String { root.appendingPathComponent("samples/default.store").path }

    /// Where the golden files live.
    static var goldenFolder: URL { root.appendingPathComponent("Tests/ParPairReportTests/Golden") }
}
