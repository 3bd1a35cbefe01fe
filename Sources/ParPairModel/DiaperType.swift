/// What a diaper held: the app's `DiaperType`.
public enum DiaperType: AppEnumeration {
    case wet
    case dirty
    case mixed
    case dry
    /// A value written by an app version this tool does not know.
    case other(String)

    public static let knownCases: [KnownCase<DiaperType>] = [
        KnownCase(.wet, rawValue: "Wet", caseName: "wet"),
        KnownCase(.dirty, rawValue: "Dirty", caseName: "dirty"),
        KnownCase(.mixed, rawValue: "Mixed", caseName: "mixed"),
        KnownCase(.dry, rawValue: "Dry", caseName: "dry"),
    ]

    public static func unknown(_ text: String) -> DiaperType { .other(text) }

    public var unknownText: String? {
        if case .other(let text) = self { return text }
        return nil
    }
}
