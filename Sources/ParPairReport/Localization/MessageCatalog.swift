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
        // One pass over the text's UTF-8 (one copy of it): each line read on its bytes, and only a line they cannot
        // decide made a Substring; both readings give the same entries.
        let bytes = Array(text.utf8)
        let ranges = Self.lineRanges(of: bytes)
        texts.reserveCapacity(ranges.count)
        for (index, range) in ranges.enumerated() {
            let lineNumber = index + 1
            switch Self.quickRead(bytes, line: range) ?? Self.read(Self.line(range, of: text)) {
            case .blank:
                continue
            case .noEquals:
                throw CatalogError(file: file, line: lineNumber, column: 1, problem: "expected 'key = text'",
                                   text: String(Self.line(range, of: text)))
            case .badKey(let key):
                throw CatalogError(file: file, line: lineNumber, column: 1,
                                   problem: "a key is lowercase letters, digits and '_'", text: key)
            case .entry(let key, let value):
                guard texts.updateValue(value, forKey: key) == nil else {
                    throw CatalogError(file: file, line: lineNumber, column: 1, problem: "key defined twice", text: key)
                }
            }
        }
        self.language = language
        self.texts = texts
    }

    /// What one line of a catalog holds.
    enum Line: Equatable {
        /// Blank, or a comment.
        case blank
        case entry(key: String, text: String)
        /// No `=` Character.
        case noEquals
        /// The text before the `=`, not a key.
        case badKey(String)
    }

    /// A line read Character by Character: spaces and tabs around the key and the text are trimmed, and a
    /// line whose first Character (past them) is `#` is a comment.
    static func read(_ line: Substring) -> Line {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .blank }
        guard let equals = firstEquals(in: line) else { return .noEquals }
        let key = line[..<equals].trimmingSpaces
        guard isKey(key.utf8) else { return .badKey(key) }
        return .entry(key: key, text: line[line.index(after: equals)...].trimmingSpaces)
    }

    /// The same reading of the line at `line` in `bytes` (UTF-8), or nil where a byte past ASCII could join a space,
    /// `#` or `=` into a longer Character (a combining mark after it, a prepended mark before a trailing space): then
    /// ``read(_:)`` decides. Most lines are taken here, and every line taken here reads as ``read(_:)`` would read it.
    static func quickRead(_ bytes: [UInt8], line: Range<Int>) -> Line? {
        let end = line.upperBound
        func isSpace(_ index: Int) -> Bool { bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") }
        func isASCII(_ index: Int) -> Bool { index >= end || bytes[index] < 0x80 }
        var start = line.lowerBound
        while start < end, isSpace(start) { start += 1 }
        guard isASCII(start) else { return nil }
        if start == end { return .blank }
        if bytes[start] == UInt8(ascii: "#") { return isASCII(start + 1) ? .blank : nil }
        guard let equals = bytes[line].firstIndex(of: UInt8(ascii: "=")) else { return nil }
        guard bytes[line.lowerBound..<equals].allSatisfy({ $0 < 0x80 }), isASCII(equals + 1) else { return nil }
        var keyEnd = equals
        while keyEnd > start, isSpace(keyEnd - 1) { keyEnd -= 1 }
        let keyBytes = bytes[start..<keyEnd]
        let key = String(decoding: keyBytes, as: UTF8.self)
        guard isKey(keyBytes) else { return .badKey(key) }
        var textStart = equals + 1
        while textStart < end, isSpace(textStart) { textStart += 1 }
        guard textStart == equals + 1 || isASCII(textStart) else { return nil }
        var textEnd = end
        while textEnd > textStart, isSpace(textEnd - 1) { textEnd -= 1 }
        guard textEnd == end || textEnd == textStart || isASCII(textEnd - 1) else { return nil }
        return .entry(key: key, text: String(decoding: bytes[textStart..<textEnd], as: UTF8.self))
    }

    /// Lowercase ASCII letters, digits and `_`, at least one.
    private static func isKey(_ key: some Collection<UInt8>) -> Bool {
        guard !key.isEmpty else { return false }
        for byte in key {
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") else { return false }
        }
        return true
    }

    /// The UTF-8 offsets of the lines in `bytes`, without their `\n` or `\r\n` ends: a line feed is never part of a
    /// longer Character (only of `\r\n`), so these are the lines splitting the Characters at `\n` and `\r\n` gives.
    static func lineRanges(of bytes: [UInt8]) -> [Range<Int>] {
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

    /// The line at a range of UTF-8 offsets of `text` (a range `lineRanges` found, on Character boundaries).
    static func line(_ range: Range<Int>, of text: String) -> Substring {
        let utf8 = text.utf8
        return text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
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
