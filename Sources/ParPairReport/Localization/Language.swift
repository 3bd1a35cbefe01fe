/// A language the built-in templates, charts, findings and digest e-mails are written in.
///
/// Each has a message catalog, `Templates/<code>.catalog`. The age notation (`D+388, 55w3d`) and CSV
/// headers are the same in every language: the first is how pediatric guidance writes ages, the second
/// the machine contract.
public enum Language: String, Sendable, CaseIterable, CustomStringConvertible {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"

    public var description: String { rawValue }

    /// The language of a POSIX locale name (`de_DE.UTF-8`, `fr`, `es_MX@euro`); nil for `C`, `POSIX`,
    /// an empty name or a language without a catalog.
    public init?(localeName: String) {
        let code = localeName.prefix { $0.isLetter }.lowercased()
        guard let language = Language(rawValue: code) else { return nil }
        self = language
    }

    /// The language the environment asks for: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is
    /// set and not empty decides (as POSIX orders them); English when it names no language we have.
    public static func from(environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return Language(localeName: value) ?? .english
        }
        return .english
    }

    /// Whether the environment names a language at all: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that
    /// is set is not `C` or `POSIX` (which servers and cron jobs have by default, and which say nothing of the user).
    public static func isChosen(in environment: [String: String]) -> Bool {
        guard let value = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return false
        }
        let name = value.prefix { $0 != "." && $0 != "@" }
        return name != "C" && name != "POSIX"
    }

    /// The decimal separator of figures in reports (CSV keeps `.`, the machine contract).
    public var decimalSeparator: Character { self == .english ? "." : "," }
}
