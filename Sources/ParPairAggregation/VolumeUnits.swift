import ParPairModel

/// How volumes are shown: millilitres or US fluid ounces (`--units metric|imperial`).
///
/// Only volumes change; solids stay in grams and durations in minutes or hours.
public enum VolumeUnits: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Millilitres, one decimal.
    case metric
    /// US fluid ounces, two decimals.
    case imperial

    /// Parses `metric` or `imperial`.
    ///
    /// - Throws: `OptionValueError` for anything else.
    public init(parsing text: String) throws(OptionValueError) {
        guard let units = VolumeUnits(rawValue: text) else {
            throw OptionValueError(value: text, expected: "metric or imperial")
        }
        self = units
    }

    /// The unit's symbol in column names and labels: `ml` or `oz`.
    public var symbol: String { self == .metric ? "ml" : "oz" }

    /// Decimals shown for a volume in these units.
    public var decimals: Int { self == .metric ? 1 : 2 }

    /// A volume in millilitres expressed in these units.
    public func volume(milliliters: Double) -> Double {
        self == .metric ? milliliters : milliliters / FeedingUnit.millilitersPerOunce
    }

    public var description: String { rawValue }
}
