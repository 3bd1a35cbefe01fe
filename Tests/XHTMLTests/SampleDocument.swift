/// Test documents. The XHTML 1.0 Strict ones share a prologue, so the first body line is line 7:
///
///     1 <?xml version="1.0" encoding="UTF-8"?>
///     2 <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"
///     3   "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
///     4 <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
///     5 <head><title>Report</title></head>
///     6 <body>
///     7 …body lines…
///       </body>
///       </html>
///
/// Expected positions in the tests were read off `xmllint --noout --nonet --valid` (the caret
/// under the line), not computed by the code under test.
enum SampleDocument {
    static let strictPrologue = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"
          "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
        <head><title>Report</title></head>
        <body>
        """

    /// An XHTML 1.0 Strict document whose body is `body` (starting on line 7).
    static func strict(body: String) -> String {
        strictPrologue + "\n" + body + "\n</body>\n</html>\n"
    }

    /// Valid XHTML 1.0 Strict that needs the DTD's entity sets (`&nbsp;`, `&eacute;`).
    static let validStrict = strict(body: """
        <h1>Report&nbsp;title &eacute;</h1>
        <table><tr><th>Name</th><th>Total</th></tr><tr><td>A</td><td>1</td></tr></table>
        """)

    /// base64 of `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>`.
    static let redSquareBase64 =
        "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxMCIgaGVpZ2h0PSIxMCI+"
        + "PHJlY3Qgd2lkdGg9IjEwIiBoZWlnaHQ9IjEwIiBmaWxsPSJyZWQiLz48L3N2Zz4="

    /// Valid XHTML 1.1 (valid under its own DTD, but not XHTML 1.0 Strict).
    static let validXHTML11 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN"
          "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en">
        <head><title>Report</title></head>
        <body>
        <p>x</p>
        </body>
        </html>

        """

    /// Strict markup without any `<!DOCTYPE>`; the root element is on line 2.
    static let withoutDoctype = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
        <head><title>Report</title></head>
        <body><p>x</p></body>
        </html>

        """

    /// A document whose DTD no catalog knows.
    static func imaginaryDoctype(systemID: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 9.9 Imaginary//EN"
          "\(systemID)">
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>x</p></body></html>

        """
    }

    /// The body content model libxml2 prints for XHTML 1.0 Strict.
    static let bodyContentModel = "(p | h1 | h2 | h3 | h4 | h5 | h6 | div | ul | ol | dl | pre | hr | blockquote "
        + "| address | fieldset | table | form | noscript | ins | del | script)*"
}
