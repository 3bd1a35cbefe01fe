import Mustache

/// Builds an SVG document as text, escaping every attribute value and text node.
///
/// Charts are embedded as `data:` images, so the SVG must be a well-formed XML document on its own;
/// every string that comes from data passes through `escape`.
struct SVGWriter {
    private(set) var body = ""
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
        body += "<" + name
        for (key, value) in attributes {
            body += " " + key + "=\"" + Self.escape(value) + "\""
        }
        if let text {
            body += ">" + Self.escape(text) + "</" + name + ">\n"
        } else {
            body += "/>\n"
        }
    }

    /// Adds raw markup that this program wrote itself (definitions, groups).
    mutating func raw(_ markup: String) { body += markup }

    /// The finished document.
    var document: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(Self.number(width))" \
        height="\(Self.number(height))" viewBox="0 0 \(Self.number(width)) \(Self.number(height))" \
        font-family="\(Self.fontFamily)" font-size="11">
        <title>\(Self.escape(title))</title>
        \(ChartStyle.definitions)
        \(body)</svg>

        """
    }

    /// The charts' font: DejaVu Sans first, the font the HTML report uses and the one `textWidth` measures.
    static let fontFamily = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

    /// A generous estimate of how wide `text` is drawn at `fontSize`, for laying out legends and margins
    /// without a font engine (DejaVu Sans averages about 0.6 em a character; capitals and digits run wider).
    static func textWidth(_ text: String, fontSize: Double) -> Double {
        var ems = 0.0
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
        let rounded = (value * 100).rounded() / 100
        // Past 9·10¹⁵ a whole number no longer fits an Int; no coordinate comes near, but it must not trap.
        if rounded == rounded.rounded(), abs(rounded) < 9e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
