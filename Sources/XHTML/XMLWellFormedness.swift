/// Checks that standalone XML, such as an SVG chart about to be embedded as a `data:` URI, is
/// well-formed. No DTD or other external file is loaded.
///
///     try XMLWellFormedness.check(svg, name: "weight-chart.svg").throwIfFailed()
public enum XMLWellFormedness {
    /// Checks text. It is parsed as UTF-8 whatever its XML declaration says.
    ///
    /// - Parameters:
    ///   - text: The whole XML document.
    ///   - name: The name used in every diagnostic.
    ///   - maximumInputSize: The largest input accepted, in bytes.
    /// - Returns: Every problem found and the verdict.
    public static func check(
        _ text: String, name: String,
        maximumInputSize: Int = XHTMLValidator.defaultMaximumInputSize
    ) -> XMLCheckResult {
        parse(name: name, maximumInputSize: maximumInputSize).run(text.utf8, isDecodedText: true)
    }

    /// Checks bytes; libxml2 detects the encoding.
    ///
    /// - Parameters:
    ///   - bytes: The whole XML document.
    ///   - name: The name used in every diagnostic.
    ///   - maximumInputSize: The largest input accepted, in bytes.
    /// - Returns: Every problem found and the verdict.
    public static func check(
        _ bytes: some Collection<UInt8>, name: String,
        maximumInputSize: Int = XHTMLValidator.defaultMaximumInputSize
    ) -> XMLCheckResult {
        parse(name: name, maximumInputSize: maximumInputSize).run(bytes, isDecodedText: false)
    }

    private static func parse(name: String, maximumInputSize: Int) -> XMLParse {
        XMLParse(documentName: name, check: .wellFormedness, maximumInputSize: maximumInputSize)
    }
}
