import Mustache
import XHTML

/// Harness `xhtml-escape`: any bytes, as UTF-8 (lossy), escaped with ``HTMLEscaping/escape(_:)`` and put
/// into a small XHTML document as element text, a double-quoted attribute value and a single-quoted one.
///
/// Property: ``XMLWellFormedness`` finds the document well-formed, and the escaped text holds no `<`,
/// `>`, `"` or `'`, and no `&` that does not start one of the five references the escaper writes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let escaped = HTMLEscaping.escape(input.text)
    let bytes = Array(escaped.utf8)
    for (index, byte) in bytes.enumerated() {
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            input.violated("\(Character(Unicode.Scalar(byte))) left unescaped in \(escaped.debugDescription)")
        case UInt8(ascii: "&"):
            let references = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].map { Array($0.utf8) }
            guard references.contains(where: { bytes[index...].starts(with: $0) }) else {
                input.violated("bare & in \(escaped.debugDescription)")
            }
        default:
            break
        }
    }
    let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>\(escaped)</title></head>
        <body><p title="\(escaped)" class='\(escaped)'>\(escaped)</p></body></html>
        """
    let result = XMLWellFormedness.check(document, name: "fuzz.xhtml")
    guard result.passed else {
        input.violated("not well-formed:\n\(result.description)\nescaped: \(escaped.debugDescription)")
    }
    return 0
}
