/// The unit of a feed's amount: the app's `FeedingUnit`.
public enum FeedingUnit: AppEnumeration {
    case milliliters
    case ounces
    case grams
    /// A value written by an app version this tool does not know.
    case other(String)

    public static let knownCases: [KnownCase<FeedingUnit>] = [
        KnownCase(.milliliters, rawValue: "ml", caseName: "ml"),
        KnownCase(.ounces, rawValue: "oz", caseName: "oz"),
        KnownCase(.grams, rawValue: "g", caseName: "g"),
    ]

    public static func unknown(_ text: String) -> FeedingUnit { .other(text) }

    public var unknownText: String? {
        if case .other(let text) = self { return text }
        return nil
    }

    /// Milliliters in one US fluid ounce (exact by definition: 231 in³ / 128).
    public static let millilitersPerOunce = 29.5735295625
}
