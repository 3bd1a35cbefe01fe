import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML property list, read event by event (no recursion), with the same limits as binary ones.
enum XMLPropertyListReader {
    static func read(_ bytes: [UInt8], limits: PropertyListLimits) throws(PropertyListError) -> PropertyListValue {
        let delegate = Builder(limits: limits)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let parsed = parser.parse()
        if let failure = delegate.failure { throw failure }
        guard parsed, let root = delegate.root else {
            throw .malformed(parser.parserError.map { "XML: \($0.localizedDescription)" } ?? "XML")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        /// An open array or dictionary; a class, so that adding a value does not copy what it holds.
        final class Container {
            let isArray: Bool
            var items: [PropertyListValue] = []
            var entries: [String: PropertyListValue] = [:]
            var key: String?
            init(isArray: Bool) { self.isArray = isArray }
        }

        let limits: PropertyListLimits
        var stack: [Container] = []
        var text = ""
        var root: PropertyListValue?
        var failure: PropertyListError?
        var values = 0

        init(limits: PropertyListLimits) { self.limits = limits }

        func stop(_ error: PropertyListError, _ parser: XMLParser) {
            if failure == nil { failure = error }
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            text = ""
            values += 1
            if values > limits.maximumValues { return stop(.tooManyValues(limit: limits.maximumValues), parser) }
            switch element {
            case "array", "dict":
                guard stack.count < limits.maximumDepth else { return stop(.tooDeep(limit: limits.maximumDepth), parser) }
                stack.append(Container(isArray: element == "array"))
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
            if text.utf8.count > limits.maximumBytes { stop(.tooLarge(bytes: text.utf8.count, limit: limits.maximumBytes), parser) }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            let value: PropertyListValue
            switch element {
            case "plist": return
            case "key":
                guard let open = stack.last, !open.isArray, open.key == nil else { return stop(.malformed("a key outside a dictionary"), parser) }
                open.key = text
                return
            case "array":
                guard let open = stack.popLast(), open.isArray else { return stop(.malformed("unbalanced array"), parser) }
                value = .array(open.items)
            case "dict":
                guard let open = stack.popLast(), !open.isArray, open.key == nil else { return stop(.malformed("unbalanced dict"), parser) }
                value = .dictionary(open.entries)
            case "string": value = .string(text)
            case "integer":
                guard let number = Int64(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    return stop(.malformed("integer '\(text.prefix(40))'"), parser)
                }
                value = .integer(number)
            case "real":
                guard let number = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    return stop(.malformed("real '\(text.prefix(40))'"), parser)
                }
                value = .real(number)
            case "true": value = .bool(true)
            case "false": value = .bool(false)
            case "data":
                guard let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) else { return stop(.malformed("data"), parser) }
                value = .data(Array(data))
            case "date":
                guard let date = ISO8601DateFormatter().date(from: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    return stop(.malformed("date '\(text.prefix(40))'"), parser)
                }
                value = .date(date.timeIntervalSinceReferenceDate)
            default:
                return stop(.malformed("element <\(element.prefix(40))>"), parser)
            }
            text = ""
            guard let open = stack.last else {
                guard root == nil else { return stop(.malformed("two root values"), parser) }
                root = value
                return
            }
            if open.isArray {
                open.items.append(value)
            } else if let key = open.key {
                open.entries[key] = value
                open.key = nil
            } else {
                stop(.malformed("a dictionary value without its key"), parser)
            }
        }
    }
}
