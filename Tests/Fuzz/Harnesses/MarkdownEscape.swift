import Mustache

/// Harness `markdown-escape`: the first byte's two lowest bits pick the line break replacement (the default
/// single space, `<br />`, `\n` or `\r\n`); the other bytes, as UTF-8 (lossy), are the value given to
/// ``MarkdownEscaping/escape(_:lineBreak:)``.
///
/// Properties, from the escaper's documentation:
/// - no `|` without a backslash before it, and no CR or LF except in a replacement that holds them;
/// - unless the replacement is `<br />` (written as is), none of `\` `` ` `` `*` `_` `[` `]` `<` `|` `~`
///   appears without a backslash;
/// - no `&` without a backslash starts a character reference (`&name;`, `&#digits;`, `&#xhex;`);
/// - the result does not begin, after spaces and tabs, with a block marker: `#`, `>`, `=`, `-` or `+` not
///   followed by a digit, or digits followed by `.` or `)` and then a space, a tab or the end; with a
///   newline replacement, neither does any line of it;
/// - removing the backslash before each escaped character gives back the value with each line break
///   (CRLF, CR, LF) replaced by the replacement and other control characters dropped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    guard let options = input.bytes.first else { return 0 }
    let lineBreak = [" ", "<br />", "\n", "\r\n"][Int(options & 3)]
    let value = String(decoding: input.bytes.dropFirst(), as: UTF8.self)
    let escaped = lineBreak == " " ? MarkdownEscaping.escape(value) : MarkdownEscaping.escape(value, lineBreak: lineBreak)
    let output = Array(escaped.utf8)
    let describe = "\(value.debugDescription) escaped as \(escaped.debugDescription)"

    let newlines = lineBreak.utf8.contains(0x0A)
    guard newlines || (!output.contains(0x0D) && !output.contains(0x0A)) else {
        input.violated("line break left in \(describe)")
    }
    let alwaysEscaped: Set<UInt8> = lineBreak == "<br />" ? [UInt8(ascii: "|")] : Set("\\`*_[]<|~".utf8)
    var unescaped: [UInt8] = []
    var index = 0
    while index < output.count {
        let byte = output[index]
        if byte == UInt8(ascii: "\\") {
            guard index + 1 < output.count else { input.violated("trailing lone backslash in \(describe)") }
            unescaped.append(output[index + 1])
            index += 2
            continue
        }
        if alwaysEscaped.contains(byte) {
            input.violated("unescaped \(Character(Unicode.Scalar(byte))) at byte \(index) in \(describe)")
        }
        if byte == UInt8(ascii: "&"), MarkdownSyntax.startsCharacterReference(output[(index + 1)...]) {
            input.violated("unescaped character reference at byte \(index) in \(describe)")
        }
        unescaped.append(byte)
        index += 1
    }
    let lines = newlines ? output.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init) : [output]
    for line in lines {
        if let marker = MarkdownSyntax.blockMarker(atStartOf: line.last == 0x0D ? Array(line.dropLast()) : line) {
            input.violated("a line starts a Markdown block (\(marker)): \(describe)")
        }
    }
    let expected = MarkdownSyntax.replacingLineBreaks(Array(value.utf8), with: Array(lineBreak.utf8))
    guard unescaped == expected else {
        input.violated("""
            unescaped result \(String(decoding: unescaped, as: UTF8.self).debugDescription) is not the value \
            with line breaks replaced, \(String(decoding: expected, as: UTF8.self).debugDescription): \(describe)
            """)
    }
    return 0
}
