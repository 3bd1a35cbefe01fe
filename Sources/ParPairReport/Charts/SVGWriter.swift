import TextBytes
import Mustache

/// Builds an SVG document as text, escaping every attribute value and text node.
///
/// Charts are embedded as `data:` images, so the SVG must be a well-formed XML document on its own;
/// every string that comes from data passes through `escape`.
struct SVGWriter {
    /// The elements so far, as UTF-8: a chart has thousands of small pieces, and appending bytes costs a
    /// fraction of appending Strings.
    private var markup = Markup()
    /// The elements so far.
    var body: String { String(decoding: markup.bytes, as: UTF8.self) }
    let width: Double
    let height: Double
    let title: String

    init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        self.title = title
    }

    /// Adds an element with attributes and optional text content.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>, text: String? = nil) {
        // Gathered on the stack and appended in one piece: the markup grows once per element, not once per piece.
        markup.bytes.gather { pen in
            pen.write("<")
            pen.write(name)
            for (key, value) in attributes {
                pen.write(" ")
                pen.write(key)
                pen.write("=\"")
                HTMLEscaping.write(value, to: &pen)
                pen.write("\"")
            }
            if let text {
                pen.write(">")
                HTMLEscaping.write(text, to: &pen)
                pen.write("</")
                pen.write(name)
                pen.write(">\n")
            } else {
                pen.write("/>\n")
            }
        }
    }

    /// Adds raw markup that this program wrote itself (definitions, groups).
    mutating func raw(_ text: String) { markup.append(text) }

    /// The finished document.
    var document: String {
        var document = Markup()
        document.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(Self.number(width))" \
            height="\(Self.number(height))" viewBox="0 0 \(Self.number(width)) \(Self.number(height))" \
            font-family="\(Self.fontFamily)" font-size="11">
            <title>\(Self.escape(title))</title>
            \(ChartStyle.definitions)

            """)
        document.bytes.append(contentsOf: markup.bytes)
        document.append("</svg>\n")
        return String(decoding: document.bytes, as: UTF8.self)
    }

    /// Markup being written, as UTF-8 bytes.
    struct Markup: TextOutputStream {
        /// Room for a chart (14–25 KB) from the start, so its bytes are not copied as the array grows.
        var bytes: [UInt8] = {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(32 * 1024)
            return bytes
        }()

        mutating func write(_ string: String) { append(string) }

        mutating func append(_ string: String) {
            var string = string
            string.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    /// The charts' font: DejaVu Sans first, the font the HTML report uses and the one `textWidth` measures.
    static let fontFamily = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

    /// A generous estimate of how wide `text` is drawn at `fontSize`, for laying out legends and margins
    /// without a font engine (DejaVu Sans averages about 0.6 em a character; capitals and digits run wider).
    static func textWidth(_ text: String, fontSize: Double) -> Double {
        var ems = 0.0
        // ASCII without a carriage return (which joins a line feed into one Character) is measured byte by byte.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: " "): ems += 0.32
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): ems += 0.68
                default: ems += 0.6
                }
            }
            return ems * fontSize
        }
        for character in text {
            if character == " " { ems += 0.32 } else if character.isUppercase || character.isNumber { ems += 0.68 } else { ems += 0.6 }
        }
        return ems * fontSize
    }

    /// XML-escapes text and drops characters XML 1.0 does not allow.
    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// A coordinate with at most two decimals and no exponent, locale-independent.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        let rounded = hundredths / 100
        // Past 9·10¹⁵ a whole number no longer fits an Int; no coordinate comes near, but it must not trap.
        if rounded == rounded.rounded(), abs(rounded) < 9e15 { return String(Int(rounded)) }
        // Below 10⁹ the hundredths are exact and `rounded` is the Double nearest to them, so their digits are the
        // shortest that read back as it: what `String(rounded)` writes, without its general algorithm.
        guard abs(rounded) < 1e9 else { return String(rounded) }
        // Written straight into one string (a chart writes thousands): the whole part, the tenths, and the hundredths
        // unless they are 0.
        let whole = Int(hundredths), magnitude = UInt64(abs(whole))
        return ASCIIWriter.string(capacity: 16) { text in
            if whole < 0 { text.append(UInt8(ascii: "-")) }
            text.append(decimal: magnitude / 100)
            text.append(UInt8(ascii: "."))
            let fraction = UInt8(magnitude % 100)
            text.append(UInt8(ascii: "0") + fraction / 10)
            if fraction % 10 != 0 { text.append(UInt8(ascii: "0") + fraction % 10) }
        }
    }
}
