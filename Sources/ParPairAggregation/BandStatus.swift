/// Where a week's figure falls against a reference band.
public enum BandStatus: String, Sendable, Hashable, CustomStringConvertible {
    case below
    case within
    case above
    /// Nothing of that kind was logged in the week, so the band says nothing about it.
    case notApplicable = "not_applicable"

    public var description: String { rawValue }
}
