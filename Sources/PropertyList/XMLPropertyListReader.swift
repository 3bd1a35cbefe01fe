import Base64Coding

/// An XML property list, read by a small tokenizer of our own: no recursion (an explicit stack bounded by
/// the depth limit), no DTD, no external entities, only the five predefined entities and character
/// references. Apple's format needs nothing more.
struct XMLPropertyListReader {
    private let bytes: [UInt8]
    private let limits: PropertyListLimits
    private var index = 0
    private var values = 0

    /// An open array or dictionary; a class, so that adding a value does not copy what it holds.
    private final class Container {
        let isArray: Bool
        var items: [PropertyListValue] = []
        var entries: [String: PropertyListValue] = [:]
        var key: String?
        init(isArray: Bool) { self.isArray = isArray }
    }

    static func read(_ bytes: [UInt8], limits: PropertyListLimits) throws(PropertyListError) -> PropertyListValue {
        var reader = XMLPropertyListReader(bytes: bytes, limits: limits)
        return try reader.document()
    }

    private init(bytes: [UInt8], limits: PropertyListLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    private mutating func document() throws(PropertyListError) -> PropertyListValue {
        var stack: [Container] = []
        var root: PropertyListValue?
        var insidePlist = false
        while true {
            // Text belongs inside leaf elements, which are read whole below; between tags only spaces.
            let text = try characterData()
            if !text.allSatisfy(\.isWhitespace) { throw .malformed("text outside a value: '\(text.prefix(40))'") }
            guard index < bytes.count else { break }
            let tag = try self.tag()
            switch tag {
            case .skipped:
                continue
            case .open(let name, let selfClosing) where name == "plist":
                guard !insidePlist, stack.isEmpty, root == nil else { throw .malformed("a nested <plist>") }
                insidePlist = !selfClosing
                continue
            case .close(let name) where name == "plist":
                guard insidePlist, stack.isEmpty else { throw .malformed("</plist> out of place") }
                insidePlist = false
                continue
            case .open(let name, let selfClosing):
                try count()
                let value: PropertyListValue
                switch name {
                case "array", "dict":
                    if selfClosing {
                        value = name == "array" ? .array([]) : .dictionary([:])
                    } else {
                        guard stack.count < limits.maximumDepth else { throw .tooDeep(limit: limits.maximumDepth) }
                        stack.append(Container(isArray: name == "array"))
                        continue
                    }
                case "key":
                    let key = selfClosing ? "" : try leafText(closing: name)
                    guard let open = stack.last, !open.isArray, open.key == nil else { throw .malformed("a key outside a dictionary") }
                    open.key = key
                    continue
                default:
                    value = try leaf(name, text: selfClosing ? "" : try leafText(closing: name))
                }
                try add(value, to: &stack, root: &root)
            case .close(let name):
                guard let open = stack.popLast(), (name == "array") == open.isArray, name == "array" || name == "dict",
                      open.key == nil else {
                    throw .malformed("</\(name.prefix(40))> out of place")
                }
                try add(open.isArray ? .array(open.items) : .dictionary(open.entries), to: &stack, root: &root)
            }
        }
        guard stack.isEmpty, !insidePlist, let root else { throw .malformed("the property list ends early") }
        return root
    }

    private mutating func count() throws(PropertyListError) {
        values += 1
        guard values <= limits.maximumValues else { throw .tooManyValues(limit: limits.maximumValues) }
    }

    private func add(_ value: PropertyListValue, to stack: inout [Container], root: inout PropertyListValue?) throws(PropertyListError) {
        guard let open = stack.last else {
            guard root == nil else { throw .malformed("two root values") }
            root = value
            return
        }
        if open.isArray {
            open.items.append(value)
        } else if let key = open.key {
            open.entries[key] = value
            open.key = nil
        } else {
            throw .malformed("a dictionary value without its key")
        }
    }

    private func leaf(_ name: String, text: String) throws(PropertyListError) -> PropertyListValue {
        let trimmed = text.trimmingWhitespace
        switch name {
        case "string": return .string(text)
        case "integer":
            guard let number = Int64(trimmed) else { throw .malformed("integer '\(trimmed.prefix(40))'") }
            return .integer(number)
        case "real":
            guard let number = Double(trimmed) else { throw .malformed("real '\(trimmed.prefix(40))'") }
            return .real(number)
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "data":
            guard let data = Base64.decode(trimmed) else { throw .malformed("data that is not base64") }
            return .data(data)
        case "date":
            guard let seconds = ISODate.secondsSinceReferenceDate(trimmed) else { throw .malformed("date '\(trimmed.prefix(40))'") }
            return .date(seconds)
        default:
            throw .malformed("element <\(name.prefix(40))>")
        }
    }

    private enum Tag {
        case open(String, selfClosing: Bool)
        case close(String)
        /// A declaration, processing instruction or comment.
        case skipped
    }

    /// Text up to the next `<`, entities decoded.
    private mutating func characterData() throws(PropertyListError) -> String {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
        return try decoded(bytes[start..<index])
    }

    /// The text of a leaf element up to its closing tag (no child elements; comments allowed).
    private mutating func leafText(closing name: String) throws(PropertyListError) -> String {
        var text = ""
        while true {
            text += try characterData()
            guard index < bytes.count else { throw .malformed("<\(name)> is not closed") }
            switch try tag() {
            case .skipped: continue
            case .close(let closed) where closed == name: return text
            default: throw .malformed("an element inside <\(name)>")
            }
        }
    }

    /// Reads a tag starting at `<`.
    private mutating func tag() throws(PropertyListError) -> Tag {
        if starts(with: "<!--") {
            guard let end = find("-->", from: index + 4) else { throw .malformed("an unclosed comment") }
            index = end + 3
            return .skipped
        }
        if starts(with: "<?") || starts(with: "<!") {
            // The XML declaration or the DOCTYPE: never followed, no internal subset accepted.
            guard let end = find(">", from: index + 2) else { throw .malformed("an unclosed declaration") }
            if bytes[index..<end].contains(UInt8(ascii: "[")) { throw .malformed("a DOCTYPE with an internal subset") }
            index = end + 1
            return .skipped
        }
        guard let end = find(">", from: index + 1) else { throw .malformed("an unclosed tag") }
        var inner = bytes[(index + 1)..<end]
        index = end + 1
        let closing = inner.first == UInt8(ascii: "/")
        if closing { inner = inner.dropFirst() }
        let selfClosing = !closing && inner.last == UInt8(ascii: "/")
        if selfClosing { inner = inner.dropLast() }
        let nameBytes = inner.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        let name = String(decoding: nameBytes, as: UTF8.self)
        guard !name.isEmpty, name.utf8.count <= 16 else { throw .malformed("a tag named '\(name.prefix(40))'") }
        return closing ? .close(name) : .open(name, selfClosing: selfClosing)
    }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return bytes.count - index >= pattern.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let pattern = Array(text.utf8)
        var position = start
        while position + pattern.count <= bytes.count {
            if bytes[position] == pattern[0], bytes[position..<(position + pattern.count)].elementsEqual(pattern) { return position }
            position += 1
        }
        return nil
    }

    /// UTF-8 text with `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#…;` references decoded.
    private func decoded(_ slice: ArraySlice<UInt8>) throws(PropertyListError) -> String {
        guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
        var output: [UInt8] = []
        var position = slice.startIndex
        while position < slice.endIndex {
            let byte = slice[position]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                position += 1
                continue
            }
            guard let semicolon = slice[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                throw .malformed("an unterminated entity")
            }
            let name = String(decoding: slice[(position + 1)..<semicolon], as: UTF8.self)
            let scalar: Unicode.Scalar?
            switch name {
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "amp": scalar = "&"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if name.hasPrefix("#") {
                    scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
                } else {
                    scalar = nil
                }
            }
            guard let scalar else { throw .malformed("the entity '&\(name.prefix(12));'") }
            output += Array(String(scalar).utf8)
            position = semicolon + 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}

private extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
