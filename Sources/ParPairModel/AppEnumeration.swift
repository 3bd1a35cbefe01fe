/// An enumeration the ParPair app stores as text, which may hold values this tool does not know.
///
/// SwiftData writes a `String`-raw enum as its raw value in one column; older stores spread it over
/// one column per case holding the Swift case name. Both spellings map here, and any other text
/// becomes the `unknown` case, so a newer app version never loses a row.
public protocol AppEnumeration: Hashable, Sendable, CustomStringConvertible {
    /// The known cases with their raw value (as the app writes it) and Swift case name.
    static var knownCases: [KnownCase<Self>] { get }
    /// The value for text this tool does not know.
    static func unknown(_ text: String) -> Self
    /// The text of an unknown value, or nil for a known case.
    var unknownText: String? { get }
}

/// One known case of an `AppEnumeration`.
public struct KnownCase<Value: Sendable>: Sendable {
    public let value: Value
    public let rawValue: String
    public let caseName: String

    public init(_ value: Value, rawValue: String, caseName: String) {
        self.value = value
        self.rawValue = rawValue
        self.caseName = caseName
    }
}

extension AppEnumeration {
    /// Decodes the raw value the app stores (`"Pumped Milk"`); unknown text is kept as `unknown`.
    public init(rawValue: String) {
        self = Self.knownCases.first { $0.rawValue == rawValue }?.value ?? Self.unknown(rawValue)
    }

    /// Decodes a Swift case name (`"pumpedMilk"`), as the per-case column layout stores it.
    public init(caseName: String) {
        self = Self.knownCases.first { $0.caseName == caseName }?.value ?? Self.unknown(caseName)
    }

    /// The raw value as the app writes it, or the unknown text as found.
    public var rawValue: String {
        if let text = unknownText { return text }
        return Self.knownCases.first { $0.value == self }?.rawValue ?? ""
    }

    /// The Swift case name, or the unknown text as found.
    public var caseName: String {
        if let text = unknownText { return text }
        return Self.knownCases.first { $0.value == self }?.caseName ?? ""
    }

    /// True for a value this tool does not know.
    public var isUnknown: Bool { unknownText != nil }

    public var description: String { rawValue }
}
