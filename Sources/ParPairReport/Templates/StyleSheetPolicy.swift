/// What a report's CSS may say: only the at-rules and functions the built-in style uses, and no `url`. A style
/// sheet loads through `url(…)`, `@import`, `@font-face`'s `src`, `image-set(…)` and their kin; none of them is
/// on the list, so none passes, however it is escaped or split by comments (the tokens are judged, see
/// ``StyleSheetTokenizer``). A string is only text (`content: "page " counter(page)`).
enum StyleSheetPolicy {
    /// `@page` with its margin boxes for the footers, `@media print`: the built-in `style.html.mustache` and
    /// `report.html.mustache`.
    static let atRules: Set<String> = ["page", "media", "bottom-left", "bottom-right"]
    /// `counter(page)`, `counter(pages)` in the page footers.
    static let functions: Set<String> = ["counter"]

    /// Why `css` (a `<style>` element's text or a `style` attribute) is refused, or nil.
    static func problem(_ css: String) -> String? {
        for token in StyleSheetTokenizer.tokens(css) {
            switch token {
            case .url:
                return "url(…) loads a resource"
            case .function(let name) where !functions.contains(name.lowercased()):
                return name.lowercased() == "url" ? "url(…) loads a resource"
                    : "the CSS function \(name)() is not one the report uses (only \(functions.sorted().joined(separator: ", ")))"
            case .atKeyword(let name) where !atRules.contains(name.lowercased()):
                return "the at-rule @\(name) is not one the report uses (only @\(atRules.sorted().joined(separator: ", @")))"
            case .bad:
                return "a string or url(…) that does not end where it should"
            default:
                continue
            }
        }
        return nil
    }
}
