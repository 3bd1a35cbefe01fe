import Foundation

/// Device names as people type them: iOS writes "Dad’s iPhone" with U+2019, people type "Dad's iPhone".
enum DeviceNameMatch {
    /// The name with typographic apostrophes and quotes made plain, Unicode compatibility-normalized (NFKC),
    /// spaces trimmed and case folded.
    static func folded(_ name: String) -> String {
        var text = name.precomposedStringWithCompatibilityMapping
        for apostrophe in ["\u{2019}", "\u{2018}", "\u{02BC}", "\u{2032}", "\u{00B4}", "`"] {
            text = text.replacingOccurrences(of: apostrophe, with: "'")
        }
        for quote in ["\u{201C}", "\u{201D}", "\u{201E}"] { text = text.replacingOccurrences(of: quote, with: "\"") }
        return text.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The indices of `names` that `wanted` names: the name exactly, else the name as folded, else the names it
    /// is a prefix of (folded). Several when names are alike, or the start is of several: the caller lists them.
    static func matches(_ wanted: String, among names: [String]) -> [Int] {
        let exact = names.indices.filter { names[$0] == wanted }
        if !exact.isEmpty { return exact }
        let key = folded(wanted)
        guard !key.isEmpty else { return [] }
        let same = names.indices.filter { folded(names[$0]) == key }
        if !same.isEmpty { return same }
        return names.indices.filter { folded(names[$0]).hasPrefix(key) }
    }
}
