/// One rendered digest file, before it is written.
public struct DigestFile: Sendable, Hashable {
    /// `leo/week-007.md`, relative to the output folder.
    public var relativePath: String
    /// Its format.
    public var format: ReportFormat
    /// Its exact bytes (UTF-8; the CSV with CRLF line ends).
    public var bytes: [UInt8]

    public init(relativePath: String, format: ReportFormat, bytes: [UInt8]) {
        self.relativePath = relativePath
        self.format = format
        self.bytes = bytes
    }
}
