/// A place in a template's text, for error messages.
public struct SourceLocation: Sendable, Hashable {
    /// 1-based line number.
    public let line: Int
    /// 1-based column, counted in Unicode scalars (a tab counts as one).
    public let column: Int
    /// The whole line, without its line ending.
    public let lineText: String

    /// A location at 1-based `line` and `column`, on a line reading `lineText`.
    public init(line: Int, column: Int, lineText: String) {
        self.line = line
        self.column = column
        self.lineText = lineText
    }

    /// The location of UTF-8 offset `offset` in `source`.
    init(offset: Int, in source: String) {
        let location = UTF8Bytes.with(source) { bytes -> SourceLocation in
            let offset = min(max(offset, 0), bytes.count)
            var lineStart = 0
            var line = 1
            for index in 0..<offset where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            var lineEnd = offset
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            var column = 1
            for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
            return SourceLocation(line: line, column: column, lineText: UTF8Bytes.string(bytes, lineStart..<lineEnd))
        }
        self = location
    }

    /// The line and a caret under the column, with a gutter holding the line number:
    ///
    ///     12 |   {{#weeks}}
    ///        |   ^
    public var snippet: String {
        let number = String(line)
        let gutter = String(repeating: " ", count: number.count)
        var caretPadding = ""
        for scalar in lineText.unicodeScalars.prefix(column - 1) {
            caretPadding.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        return " \(number) | \(lineText)\n \(gutter) | \(caretPadding)^"
    }
}
