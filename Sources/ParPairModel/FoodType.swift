/// What was fed: the app's `FoodType`.
public enum FoodType: AppEnumeration {
    case breastfeeding
    case formula
    case solids
    case pumpedMilk
    /// A value written by an app version this tool does not know.
    case other(String)

    public static let knownCases: [KnownCase<FoodType>] = [
        KnownCase(.breastfeeding, rawValue: "Breastfeeding", caseName: "breastfeeding"),
        KnownCase(.formula, rawValue: "Formula", caseName: "formula"),
        KnownCase(.solids, rawValue: "Solids", caseName: "solids"),
        KnownCase(.pumpedMilk, rawValue: "Pumped Milk", caseName: "pumpedMilk"),
    ]

    public static func unknown(_ text: String) -> FoodType { .other(text) }

    public var unknownText: String? {
        if case .other(let text) = self { return text }
        return nil
    }

    /// Bottle feeds are measured in volume: formula and pumped milk.
    public var isLiquid: Bool { self == .formula || self == .pumpedMilk }
}
