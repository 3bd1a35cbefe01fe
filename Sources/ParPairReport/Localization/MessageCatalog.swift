/// The words of one language: key -> text, read from `Templates/<code>.catalog`.
///
/// The file is UTF-8 text, one `key = text` per line; blank lines and lines starting with `#` are
/// comments. Keys are lowercase letters, digits and `_`. A text may hold Mustache tags (`{{week}}`):
/// templates render it against their context, and the tool fills the ones its own messages use.
public struct MessageCatalog: Sendable {
    public let language: Language
    /// Key -> text.
    public let texts: [String: String]

    /// Parses a catalog file's text.
    /// - Throws: `CatalogError` naming the file, line and column of a malformed line or a repeated key.
    public init(language: Language, text: String, file: String) throws {
        var texts: [String: String] = [:]
        var lineNumber = 0
        for line in Self.lines(of: text) {
            lineNumber += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = Self.firstEquals(in: line) else {
                throw CatalogError(file: file, line: lineNumber, column: 1, problem: "expected 'key = text'", text: String(line))
            }
            let key = line[..<equals].trimmingSpaces
            let keyIsValid = !key.isEmpty && key.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            }
            guard keyIsValid else {
                throw CatalogError(file: file, line: lineNumber, column: 1,
                                   problem: "a key is lowercase letters, digits and '_'", text: String(key))
            }
            guard texts[key] == nil else {
                throw CatalogError(file: file, line: lineNumber, column: 1, problem: "key defined twice", text: key)
            }
            texts[key] = line[line.index(after: equals)...].trimmingSpaces
        }
        self.language = language
        self.texts = texts
    }

    /// The lines of `text`, without their `\n` or `\r\n` ends, found on its UTF-8: a line feed is never part of a
    /// longer Character (only of `\r\n`), so these are the lines splitting the Characters at `\n` and `\r\n` gives.
    static func lines(of text: String) -> [Substring] {
        var text = text
        // Byte offsets of the lines, found in the contiguous UTF-8 (a literal's, or a copy's), then the Substrings.
        let ranges = text.withUTF8 { bytes in
            var ranges: [Range<Int>] = []
            var start = 0
            while let feed = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let end = feed > start && bytes[feed - 1] == UInt8(ascii: "\r") ? feed - 1 : feed
                ranges.append(start..<end)
                start = feed + 1
            }
            ranges.append(start..<bytes.count)
            return ranges
        }
        let utf8 = text.utf8
        return ranges.map { range in
            text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
        }
    }

    /// The line's first `=` Character (an `=` carrying a combining mark is not one). Keys are ASCII, so it is
    /// looked for on the bytes, and taken when no byte before it could join it into another Character.
    static func firstEquals(in line: Substring) -> Substring.Index? {
        if let equals = line.utf8.firstIndex(of: UInt8(ascii: "=")), line.utf8[..<equals].allSatisfy({ $0 < 0x80 }),
           line[equals...].first == "=" {
            return equals
        }
        return line.firstIndex(of: "=")
    }

    /// The catalog built into the binary for `language`.
    public static func builtIn(_ language: Language) -> MessageCatalog {
        switch language {
        case .english: english
        case .german: german
        case .french: french
        case .spanish: spanish
        }
    }

    /// The file name of a language's catalog under `Templates/`.
    public static func fileName(_ language: Language) -> String { "\(language.rawValue).catalog" }

    private static let english = load(.english)
    private static let german = load(.german)
    private static let french = load(.french)
    private static let spanish = load(.spanish)

    /// A built-in catalog; the tests parse each one, so a broken or missing catalog cannot ship.
    private static func load(_ language: Language) -> MessageCatalog {
        let name = fileName(language)
        do {
            return try MessageCatalog(language: language, text: DefaultTemplates.text(name) ?? "", file: name)
        } catch {
            preconditionFailure("built-in catalog \(name) does not parse: \(error)")
        }
    }
}

/// A catalog line that does not parse.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var problem: String
    public var text: String

    public init(file: String, line: Int, column: Int, problem: String, text: String) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
        self.text = text
    }

    public var description: String { "\(file):\(line):\(column): \(problem): \(text)" }
}

extension Substring {
    /// Without the spaces and tabs at either end (Characters, so a space that carries a combining mark stays).
    fileprivate var trimmingSpaces: String {
        let isText = { (character: Character) in character != " " && character != "\t" }
        guard let first = firstIndex(where: isText), let last = lastIndex(where: isText) else { return "" }
        return String(self[first...last])
    }
}
