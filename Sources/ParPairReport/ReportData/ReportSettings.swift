import Foundation
import ParPairAggregation

/// What a report shows beyond the aggregation: how names appear and where the data came from.
public struct ReportSettings: Sendable {
    /// Replace each baby's name with initials everywhere.
    public var redact: Bool
    /// The store's file name (never the full path, which may hold a user name), for the footer.
    public var storeName: String
    /// The tool's version, for the footer.
    public var toolVersion: String

    public init(redact: Bool = false, storeName: String, toolVersion: String) {
        self.redact = redact
        self.storeName = storeName
        self.toolVersion = toolVersion
    }
}
