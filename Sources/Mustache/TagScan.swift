/// The names a template's tags may read, found by scanning its text for `{{…}}` without parsing it: one pass over the
/// bytes, no nodes built, so it can run on every start where parsing could not.
///
/// The result is a superset of what the parsed ``Template/tags`` read: every tag's name counts, a block's
/// (`{{$name}}`) and a close tag's too, and a dotted name counts by its first part (`weeks.0.feeds`: `weeks`). A
/// template that changes its delimiters, names a partial dynamically (`{{>*name}}`) or leaves a tag open scans as
/// nil: then any name may be read.
public struct TagScan: Sendable, Equatable {
    /// The first part of every name a tag gives, partials and parents left out.
    public private(set) var names: Set<String> = []
    /// The partials and parents the template includes, in order.
    public private(set) var partials: [String] = []

    public init?(_ source: String) {
        var source = source
        let scanned = source.withUTF8 { bytes -> Bool in
            var index = 0
            while let open = Self.pair(of: UInt8(ascii: "{"), in: bytes, from: index) {
                guard let close = Self.pair(of: UInt8(ascii: "}"), in: bytes, from: open + 2) else { return false }
                index = close + 2
                var start = open + 2
                if start < close, bytes[start] == UInt8(ascii: "{") { start += 1 }
                start = Self.skipSpaces(bytes, from: start, to: close)
                guard start < close else { continue }
                let sigil = bytes[start]
                switch sigil {
                case UInt8(ascii: "!"): continue
                case UInt8(ascii: "="): return false
                case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "/"), UInt8(ascii: "&"), UInt8(ascii: "$"),
                     UInt8(ascii: ">"), UInt8(ascii: "<"):
                    start = Self.skipSpaces(bytes, from: start + 1, to: close)
                default: break
                }
                var end = start
                while end < close, !Self.isSpace(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[start..<end], as: UTF8.self)
                if sigil == UInt8(ascii: ">") || sigil == UInt8(ascii: "<") {
                    guard !name.hasPrefix("*") else { return false }
                    partials.append(name)
                } else {
                    names.insert(String(name.prefix { $0 != "." }))
                }
            }
            return true
        }
        guard scanned else { return nil }
    }

    /// Whether `text` holds `{{`, so that it may hold a tag (a text without one renders as itself).
    public static func mayHoldTags(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { pair(of: UInt8(ascii: "{"), in: $0, from: 0) != nil }
    }

    /// Where `byte` first appears twice in a row at or after `start`.
    private static func pair(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == byte, bytes[index + 1] == byte { return index }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, isSpace(bytes[index]) { index += 1 }
        return index
    }
}
