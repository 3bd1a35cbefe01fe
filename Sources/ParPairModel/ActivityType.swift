/// What the baby did: the app's `ActivityType`.
public enum ActivityType: AppEnumeration {
    case tummyTime
    case bath
    case play
    case outdoor
    case reading
    /// A value written by an app version this tool does not know.
    case other(String)

    public static let knownCases: [KnownCase<ActivityType>] = [
        KnownCase(.tummyTime, rawValue: "Tummy Time", caseName: "tummyTime"),
        KnownCase(.bath, rawValue: "Bath", caseName: "bath"),
        KnownCase(.play, rawValue: "Play", caseName: "play"),
        KnownCase(.outdoor, rawValue: "Outdoor", caseName: "outdoor"),
        KnownCase(.reading, rawValue: "Reading", caseName: "reading"),
    ]

    public static func unknown(_ text: String) -> ActivityType { .other(text) }

    public var unknownText: String? {
        if case .other(let text) = self { return text }
        return nil
    }
}
