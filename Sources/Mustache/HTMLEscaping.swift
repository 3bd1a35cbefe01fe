/// Escaping of values inside HTML and XHTML text and quoted attribute values.
///
/// - `&` `<` `>` `"` `'` become `&amp;` `&lt;` `&gt;` `&quot;` `&#39;` (`&#39;` rather than `&apos;`, which
///   HTML 4 lacks).
/// - Characters that XML 1.0 does not allow anywhere in a document are removed, so any value keeps an XHTML
///   document well-formed: C0 control characters other than tab, line feed and carriage return, and the
///   non-characters U+FFFE and U+FFFF. (Lone surrogates cannot occur: a Swift `String` is always valid
///   Unicode.)
///
/// ```swift
/// HTMLEscaping.escape("Tom & \"Jerry\" <3") // "Tom &amp; &quot;Jerry&quot; &lt;3"
/// ```
public enum HTMLEscaping {
    /// `value` escaped for HTML/XHTML.
    public static func escape(_ value: String) -> String {
        var result = ""
        write(value, to: &result)
        return result
    }

    /// Writes `value` escaped for HTML/XHTML into `target`.
    public static func write<Target: TextOutputStream>(_ value: String, to target: inout Target) {
        UTF8Bytes.with(value) { bytes in
            guard let first = firstSpecialByte(in: bytes) else {
                target.write(value)
                return
            }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            output.append(contentsOf: bytes[0..<first])
            var index = first
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
                case 0x09, 0x0A, 0x0D: output.append(byte)
                case 0..<0x20: break  // not allowed in XML 1.0
                case 0xEF where isNonCharacter(bytes, at: index):
                    index += 3
                    continue
                default: output.append(byte)
                }
                index += 1
            }
            target.write(String(decoding: output, as: UTF8.self))
        }
    }

    private static func firstSpecialByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // One table lookup a byte: the report's charts are half a megabyte of base64 that holds none.
        mayNeedEscaping.withUnsafeBufferPointer { table in
            for index in bytes.indices where table[Int(bytes[index])] {
                if bytes[index] != 0xEF || isNonCharacter(bytes, at: index) { return index }
            }
            return nil
        }
    }

    /// The bytes `write` does not copy as they are: `& < > " '`, the controls XML 1.0 does not allow, and
    /// 0xEF (U+FFFE and U+FFFF start with it).
    private static let mayNeedEscaping: [Bool] = (0...255).map { (byte: Int) in
        switch UInt8(byte) {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xEF: true
        case 0x09, 0x0A, 0x0D: false
        case 0..<0x20: true
        default: false
        }
    }

    /// U+FFFE and U+FFFF are EF BF BE and EF BF BF in UTF-8.
    private static func isNonCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF)
    }
}
