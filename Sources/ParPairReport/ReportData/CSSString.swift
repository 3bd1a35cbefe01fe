/// Text made safe to place between double quotes in a CSS string, such as a page footer's `content`.
///
/// Every character other than an ASCII letter, digit or space becomes a CSS hex escape (`\E9 ` for é),
/// so the result holds nothing that HTML escaping changes, that ends the string or the `<style>`
/// element, and it reads the same whether the page is parsed as HTML or as XML.
///
/// ```swift
/// CSSString.escape("Léo \"Jr\"") // "L\\E9 o \\22 Jr\\22 "
/// ```
enum CSSString {
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", " ":
                result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                // Control characters and non-characters have no place in a footer; drop them.
                if value < 0x20 || value == 0x7F || value == 0xFFFE || value == 0xFFFF { continue }
                result += "\\" + String(value, radix: 16, uppercase: true) + " "
            }
        }
        return result
    }
}
