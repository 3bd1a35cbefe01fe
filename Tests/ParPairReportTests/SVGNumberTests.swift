import Testing
@testable import ParPairReport

/// Chart coordinates are written with at most two decimals, in the shortest form, never trapping; text
/// widths are estimated per character; elements are written with their values escaped.
@Suite struct SVGNumberTests {
    @Test func coordinates() {
        #expect(SVGWriter.number(12.5) == "12.5")
        #expect(SVGWriter.number(0.05) == "0.05")
        #expect(SVGWriter.number(-0.5) == "-0.5")
        #expect(SVGWriter.number(-0.004) == "0")
        #expect(SVGWriter.number(3.999) == "4")
        #expect(SVGWriter.number(7.125) == "7.13")  // 712.5 hundredths round away from zero
        #expect(SVGWriter.number(640) == "640")
        #expect(SVGWriter.number(.nan) == "0")
        #expect(SVGWriter.number(1e300) == "1e+300")  // no coordinate is that large, but it used to trap
    }

    /// Every hundredth up to ±2,000 (any coordinate of a chart), and a few far past it, as the standard library
    /// writes the Double nearest to it in its shortest form (without a whole number's ".0").
    @Test func hundredthsAreWrittenAsTheShortestDecimal() {
        var mismatches: [String] = []
        for hundredths in -200_000...200_000 {
            let value = Double(hundredths) / 100
            var expected = String(value)
            if expected.hasSuffix(".0") { expected.removeLast(2) }
            if SVGWriter.number(value) != expected { mismatches.append("\(value): \(SVGWriter.number(value))") }
        }
        for value in [123_456_789.01, -987_654_321.99, 999_999_999.5, 1_000_000_000.25, 4e12 + 0.5] {
            #expect(SVGWriter.number(value) == String(value), "\(value)")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// 0.32 em a space, 0.68 a capital or digit, 0.6 anything else, per Character: "\r\n" is one, and
    /// a capital outside ASCII counts as one too.
    @Test(arguments: [
        ("", 0.0), ("Ab 1", 22.8), ("a\r\nb", 18.0), ("a\n\rb", 24.0), ("Éa", 12.8), ("x9", 12.8), ("<&>", 18.0),
    ])
    func textWidths(_ text: String, _ width: Double) {
        #expect(abs(SVGWriter.textWidth(text, fontSize: 10) - width) < 1e-9)
    }

    @Test func elements() {
        var writer = SVGWriter(width: 10, height: 10, title: "t")
        writer.element("rect", ["x": "1", "class": "a\"<b>&"])
        writer.element("text", ["y": "2"], text: "R&D <3")
        #expect(writer.body == "<rect x=\"1\" class=\"a&quot;&lt;b&gt;&amp;\"/>\n<text y=\"2\">R&amp;D &lt;3</text>\n")
    }

    /// An element is gathered in a 1 KB buffer before it is appended: one longer than that, or with a piece longer
    /// than that, is written whole and in order all the same.
    @Test func elementsLongerThanTheirBuffer() {
        let path = "M 0 0" + String(repeating: " l 1 1", count: 300)  // 1,805 bytes
        let label = String(repeating: "é<", count: 200)
        var writer = SVGWriter(width: 10, height: 10, title: "t")
        writer.element("path", ["d": path, "fill": "#000"], text: label)
        writer.element("g", ["a": String(repeating: "x", count: 1000), "b": String(repeating: "y", count: 30)])
        #expect(writer.body == "<path d=\"" + path + "\" fill=\"#000\">" + String(repeating: "é&lt;", count: 200) + "</path>\n"
            + "<g a=\"" + String(repeating: "x", count: 1000) + "\" b=\"" + String(repeating: "y", count: 30) + "\"/>\n")
    }
}
