import Foundation
import ParPairModel

/// The folder name a baby's digests go into: the name in ASCII, lowercase, accents folded (`Léo` → `leo`),
/// then the first 8 hex digits of the baby's id (`leo-37f3d1fd`).
///
/// The id is always there: two runs into one `--out` (one per phone, say) know nothing of each other, and two
/// babies named alike (the same baby recorded on two phones has two ids) must never share a folder.
///
/// Rules, in order:
/// - letters are decomposed and their accents dropped; `ß`, `æ`, `œ`, `ø`, `ł`, `đ`, `ð`, `þ`, `ı` are
///   spelled out (`ss`, `ae`, `oe`, `o`, `l`, `d`, `d`, `th`, `i`); every other run of characters that is not
///   an ASCII letter or digit becomes one `-`, and the result is cut to 40 characters;
/// - a name that leaves nothing (empty, or written only in another script) becomes `baby`;
/// - `-<id>` follows, `<id>` being the first 8 hex digits of the baby's id, lowercase;
/// - with `--redact` every slug is `baby-<id>`: a folder name would otherwise carry the name that
///   redaction hides.
public enum BabySlug {
    /// The longest part made from a name, before the id.
    public static let maximumLength = 40

    /// The slug of each baby, by position in `babies`; unique within the list.
    public static func assign(_ babies: [Baby], redact: Bool) -> [String] {
        var slugs = babies.map { redact ? fallback(for: $0.id) : slug(of: $0.name, id: $0.id) }
        // Two babies with the same id (a damaged store) still get distinct folders.
        var seen: Set<String> = []
        for index in slugs.indices {
            var candidate = slugs[index]
            var number = 2
            while seen.contains(candidate) {
                candidate = slugs[index] + "-\(number)"
                number += 1
            }
            seen.insert(candidate)
            slugs[index] = candidate
        }
        return slugs
    }

    /// The name part of a slug, without the id: `Zoë Ångström` → `zoe-angstrom`, `baby` when nothing is left.
    /// Digests written before the id was always added used it alone as the folder name.
    public static func namePart(of name: String) -> String {
        let folded = fold(name)
        return folded.isEmpty ? "baby" : folded
    }

    /// The slug of one name: `Zoë Ångström` → `zoe-angstrom-37f3d1fd`; `baby-37f3d1fd` when nothing is left.
    public static func slug(of name: String, id: UUID) -> String { namePart(of: name) + "-" + id.idPrefix }

    /// `baby-` and the id's first 8 hex digits.
    static func fallback(for id: UUID) -> String { "baby-" + id.idPrefix }

    /// The name in lowercase ASCII letters, digits and single dashes, at most `maximumLength` long.
    static func fold(_ name: String) -> String {
        var result = ""
        var pendingDash = false
        func append(_ text: String) {
            if pendingDash, !result.isEmpty { result += "-" }
            pendingDash = false
            result += text
        }
        for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                continue  // the accent of a decomposed letter
            default:
                break
            }
            if scalar.isASCII, let ascii = Character(scalar).asciiValue, isLetterOrDigit(ascii) {
                append(String(Character(scalar)).lowercased())
            } else if let spelled = spelledOut[scalar] {
                append(spelled)
            } else {
                pendingDash = true
            }
        }
        if result.count > maximumLength {
            result = String(result.prefix(maximumLength))
            while result.hasSuffix("-") { result.removeLast() }
        }
        return result
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
    }

    /// Latin letters that do not decompose into a base letter and an accent.
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
        "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i",
    ]
}
